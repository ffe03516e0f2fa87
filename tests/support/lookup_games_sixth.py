"""The sixth per-game lookup question set: 40 Grand Archive and 40 Titans of Eden questions.

Written on 2026-11-28 from the two rulebooks alone (the Grand Archive Comprehensive Rules and the
Titans of Eden Comprehensive Rulebook, each read whole), by an author who never saw the lookup's
ranking, its synonyms or topics, nor the five earlier question sets. It measures the per-game
lookup after its tuning on questions that tuning could not have seen.

The questions are typed the way players type them: terse or long-winded, with typos and slang,
some in other games' words (Magic, Hearthstone, Yu-Gi-Oh, Pokémon, Lorcana, Dominion). About half
name their game; the measuring code asks those both with the game chosen and with no game chosen.
A few are tricky on purpose: a term both games use (sacrifice, rounding, copies in play) or a
rule beside a nearby one that says the opposite.

Both rulebooks are plain text scraped without usable headings, so a case names no heading: its
quote is a few words, byte for byte from one sentence of the rulebook, of the passage that
answers it. tests/rules/test_lookup_games_quotes.py checks every quote is in its rulebook.
"""

from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _toe

GRAND_ARCHIVE_CASES = (
    # Deck construction
    _ga(
        "whats the minimum main deck size in grand archive constructed",
        "Main decks can have a minimum of 60 cards",
    ),
    _ga("GA material deck max cards", "Material decks can have a maximum of 12 cards"),
    _ga(
        "GA draft / limited: how many cards does my main deck need",
        "Main decks can have a minimum 30-count main deck",
    ),
    _ga(
        "sideboard points, how much does a regalia or champion cost in the 15 point system",
        "Regalia/Champion cards are worth 3 points",
    ),
    _ga(
        "can I play proxies / altered cards with a different name in a casual grand archive game?",
        "In non-sanctioned matches, a card whose information",
    ),
    # Setup and the first turn
    _ga(
        "grand archive: does the player going first draw a card on turn 1?",
        "the first turn player also skips their Draw Phase",
    ),
    _ga(
        "in a 4 player free for all, does whoever goes first still skip their draw",
        "In a multiplayer game, the first turn player will follow the sequence",
    ),
    _ga(
        "after I shuffle my deck before the game does my opponent get to cut it",
        "they present their deck to an opponent to cut or further shuffle",
    ),
    # Winning, losing, draws
    _ga(
        "GA - do I lose if I have to draw and my deck is empty (decked out like in pokemon)",
        "remaining cards in the deck results in an automatic loss",
    ),
    _ga(
        "both champions die at the exact same time, who wins",
        "each player in a two-player game losing at the same time",
    ),
    _ga(
        "grand archive multiplayer: someone concedes, does the game end?",
        "the game will continue considering that the player to have lost",
    ),
    # Turn structure
    _ga(
        "what order do the phases go in a turn? wake up, materialize ...",
        "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases.",
    ),
    _ga(
        "grand archive: when do the cards I reserved into memory come back to my hand",
        "returns all cards in their memory zone to their hand",
    ),
    _ga(
        "how many times per turn can you materialize in grand archive",
        "A player may only materialize a card once per materialize phase",
    ),
    _ga(
        "is there a max hand size in grand archive or do I discard down to 7 like mtg",
        "There is no maximum hand size.",
    ),
    # Costs and resources
    _ga(
        "how do you pay a memory cost, do i get to choose which cards get banished??",
        "paid by banishing randomly selected cards from the Memory zone",
    ),
    _ga(
        "reserve cost explained - where do the cards from my hand go",
        "Reserve costs are paid by reserving cards into the memory zone",
    ),
    _ga(
        "GA: if I get to play an X spell without paying its cost what is X",
        "X must be chosen as 0",
    ),
    # Champions, levels, elements, regalia
    _ga(
        "can i skip a level, going from my lv1 champion straight to a lv3 one",
        "leveled by a player when a champion whose base level is N+1",
    ),
    _ga(
        "my champion is tapped and I level it up, does the new one come in untapped? (grand archive)",
        "if a rested champion levels up, it will remain rested",
    ),
    _ga(
        "do enlighten counters stay on when my champ levels up",
        "Enlighten counters persist through level-ups",
    ),
    _ga("materialize lv 0 champion mid game?", "Players may not materialize Level 0 champions."),
    _ga(
        "grand archive: which elements can I play without a champion unlocking them",
        "The norm element is unlocked innately for all players.",
    ),
    _ga(
        "regalia destroyed - does it go to the graveyard",
        "If a regalia card would be put into a graveyard from anywhere",
    ),
    _ga(
        "two copies of the same unique object on my side, legend rule?",
        "that player is forced to sacrifice any of those objects",
    ),
    # Combat
    _ga(
        "grand archive, can my champion attack with no weapon and no attack card",
        "Champions can attack only through attack cards or by using weapons.",
    ),
    _ga(
        "does an ally have summoning sickness or can it swing the turn it's played",
        "All units may attack the turn they enter the field",
    ),
    _ga("GA can allies use weapons", "Allies cannot use weapons."),
    _ga(
        "can an exerted (rested) unit still block / retaliate when my opponent attacks?",
        "Resting is a cost to retaliate; already-rested units cannot retaliate.",
    ),
    _ga(
        "if the damage from my sword attack is prevented does the weapon lose durabilty anyway",
        "does not prevent the weapon from losing durability",
    ),
    _ga(
        "grand archive does damage on allies heal at end of turn like hearthstone or stay",
        "removed during the end phase before the start of the next turn",
    ),
    # Timing, the effects stack, negating
    _ga(
        "can the non active player play cards on my turn, instant speed?",
        "Non-turn players may only activate cards or take player actions",
    ),
    _ga(
        "who gets priority first in grand archive (opportunity)",
        "first is given to the turn player and proceeds to other players",
    ),
    _ga(
        "is the effects stack last in first out like the chain in yugioh",
        "this zone uses a first-in-last-out (FILO) system",
    ),
    _ga(
        "my card got countered (negated), do I get my reserve back",
        "Paid costs are not refunded when something is negated.",
    ),
    _ga(
        "difference between fizzle and negate in GA",
        "has fizzled is not considered to have been negated",
    ),
    # Keywords and glossary terms
    _ga(
        "grand archive taunt - do i have to attack the taunt unit first",
        "must target awake units with Taunt over other attackable objects",
    ),
    _ga(
        "critical 2 on an attack what does it mean",
        "instead double that damage unless an opponent discards N cards",
    ),
    _ga(
        "recover 3 but my champion only has 2 damage counters on it",
        "only 2 damage counters are removed",
    ),
    _ga(
        "do you round up or down in grand archive when halving something",
        "that number is rounded down to the nearest whole number",
    ),
)


TITANS_CASES = (
    # Contents and setup
    _toe(
        "titans of eden storage, how do I sleeve the cards for a quick setup",
        "put all 4 copies of Ava, Aeuronaut into a single card sleeve",
    ),
    _toe(
        "titans of eden setup: how many ritual piles do we lay out",
        "Each game is played with 16 elemental ritual piles.",
    ),
    _toe(
        "what's in the starting deck, how many monks and wizards",
        "starting deck consisting of 8 Monks and 4 Wizards",
    ),
    _toe(
        "toe 2 player: how many temples / tokens on the temple mat to start",
        "Put 3 tokens on each Temple Mat",
    ),
    _toe(
        "advanced setup: the fire warrior and fire beast both have the same ability, what do we swap",
        "warrior and beast that share an element also share an ability",
    ),
    # Ages, playing and awakening cards
    _toe(
        "how many ages are in a turn", "Each turn has three ages that both players progress through"
    ),
    _toe(
        "titans of eden who chooses their card first each age, the one with the avatar mat?",
        "the player with the Avatar Mat selects either a card",
    ),
    _toe(
        "playing off the top of the deck, am I allowed to peek at it first",
        "they CANNOT first look at what that card is",
    ),
    _toe(
        "titans of eden my hand and deck are both empty, what do i play",
        "If both your deck and your hand are empty",
    ),
    _toe(
        "can i awaken 2 cards in one age if i have lots of energy",
        "You cannot awaken two or more cards.",
    ),
    _toe(
        "titans of eden: do awakened cards go to my hand or discard (dominion style buying)",
        "Each awakened card is put into its awakener's discard pile.",
    ),
    # Battle, shuffle, surge
    _toe(
        "i have 7 power and they have 6, do i win the battle?",
        "by two or more, you win the battle",
    ),
    _toe(
        "when do you capture a temple instead of destroying one",
        "only have one temple, capture one of your opponent's temples",
    ),
    _toe(
        "toe end of turn, can I keep cards in my hand for next turn",
        "keep any cards in your hand for the next turn",
    ),
    _toe("what do you draw up to after the battle", "Draw until you have six cards in your hand."),
    _toe(
        "is there a mulligan in titans of eden if my opening hand is bad",
        "if you don't like the cards in your hand",
    ),
    _toe(
        "toe: opponent surged, can I surge too after seeing that",
        "respond by choosing to also use the Surge ability",
    ),
    # Multiplayer formats
    _toe(
        "2v2 titans of eden, do teammates have their own temples or share",
        "this is shared between both players on a team",
    ),
    _toe(
        "team game: I won my battle but my partner lost theirs, do we get a temple",
        "If you win your battle, and your teammate loses their battle",
    ),
    _toe(
        "3 player mode how many cards do I start with in hand",
        "You start the game with 9 cards in your hand",
    ),
    _toe(
        "titans of eden: if I pass a card to my teammate's arena do I get it back",
        "that card becomes permanently theirs",
    ),
    _toe(
        "6 player three arena game starting temples",
        "Temple Mats start with 2 tokens on them",
    ),
    _toe(
        "three arena: I hit zero temples, am I knocked out?",
        "You are NOT eliminated if you run out of temples.",
    ),
    _toe(
        "how does the avatar mat move around in a 6 player game",
        "passed clockwise to the next team at the end of each turn",
    ),
    _toe(
        "titans of eden with 5 players, who should be on the team alone",
        "the most experienced player play on a team by themselves",
    ),
    # Constructed format
    _toe(
        "titans of eden constructed spellbook size",
        "each player builds a spellbook of exactly 32 cards",
    ),
    _toe(
        "in constructed do i have to show the card i awaken from my spellbook",
        "they must reveal that card to the other players",
    ),
    # Abilities
    _toe(
        "titans of eden: what does the number after an ability mean, like Draw 2",
        "This means that you have two copies of that ability.",
    ),
    _toe(
        "TOE are abilities optional or do i have to use them",
        "All abilities are mandatory, unless they explicitly say that they are optional.",
    ),
    _toe(
        "Titans of Eden Discard ability - does my opponent choose which card they discard",
        "Your opponent discards a random card in their hand.",
    ),
    _toe(
        "sacrifice in titans of eden, does the card go back to the ritual pile? like exile in mtg",
        "The removed card does not return to its ritual pile",
    ),
    _toe(
        "armor keyword - can armored cards get subverted",
        "Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    _toe(
        "TOE control ability, what do I get to do in the 3rd age",
        "look at your opponent's hand and choose which card(s) they play",
    ),
    _toe(
        "titans of eden mythic - can i have 2 copies of the same mythic card in play",
        "you can only have one copy of it in play",
    ),
    _toe(
        "can a card have 2 of the same subversion on it",
        "Each card can only be subverted with one subversion of each type.",
    ),
    _toe(
        "toe wounded halves power, do you round up or down",
        "round up to the nearest whole number",
    ),
    _toe(
        "titans of eden: card is both stunted and wounded, which applies first",
        "Wounded is applied before Stunted",
    ),
    _toe(
        "traitorous - do I steal my opponents card",
        "Attach Traitorous to an opponent's card, gaining control of that card.",
    ),
    _toe(
        "flash: can I choose not to play another card",
        "This is not optional; you must play another card.",
    ),
    _toe(
        "spite: opponent destroyed my temple, what happens at end of turn",
        "If you lost a temple this turn, your opponent gains 2 Ghosts",
    ),
)
