"""The fifth per-game lookup question set: forty Grand Archive and forty Titans of Eden questions.

Written on 2026-11-28 from the two rulebooks alone (../shared/seeds, read whole), by an author
who never saw the lookup's ranking, its synonyms or topics, nor the four earlier per-game sets.
It measures the per-game lookup after its tuning on questions the tuning could not have seen.

The questions are typed the way players type them: terse or long-winded, with typos and slang,
some in other games' words (Magic, Hearthstone, Yu-Gi-Oh, Pokémon, Lorcana, Dominion), about
half of them naming their game. They spread over each whole book: setup, turn structure, zones,
costs, combat, keywords and abilities, deck construction, multiplayer modes, winning and losing,
timing and the glossary. A few are tricky on purpose: a word both games use (sacrifice, summon,
discard, rounding) or a rule next to one that says the opposite.

Both books are plain text without headings the lookup keeps, so each case names its answer by a
short quote: words of the one passage that answers it, byte for byte from the seed file, within
one sentence. tests/rules/test_lookup_games_quotes.py checks every quote is in its book.
"""

from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _titans

GRAND_ARCHIVE_CASES = [
    # Setup and the first turn
    _ga("ga how do we decide who goes first", "any random method that all players agree to"),
    _ga(
        "Does the player going first draw a card on their first turn? In Magic the one on the "
        "play skips the draw",
        "the first turn player also skips their Draw Phase",
    ),
    _ga(
        "3+ player grand archive, does the first player still skip their first draw?",
        "they will not skip their first draw phase",
    ),
    # Deck construction
    _ga(
        "grand archive minimum deck size and max copies of one card",
        "minimum of 60 cards and a maximum of four copies",
    ),
    _ga(
        "how many cards can go in the material deck",
        "Material decks can have a maximum of 12 cards",
    ),
    _ga(
        "GA sideboard - how many points is a regalia worth",
        "Regalia/Champion cards are worth 3 points",
    ),
    _ga(
        "draft deck size in grand archive, is it 40 like magic limited?",
        "minimum 30-count main deck",
    ),
    # Winning, losing, draws
    _ga(
        "what happens if I have to draw and my deck is empty, do I deck out like in yugioh",
        "results in an automatic loss, i.e. decking out",
    ),
    _ga(
        "both champions die at the same time who wins??",
        "each player in a two-player game losing at the same time",
    ),
    _ga(
        "in grand archive can I concede in the middle of my opponent's turn or only on mine",
        "Conceding is not bound by any timing restrictions",
    ),
    # Costs
    _ga(
        "how do i pay the yellow cost number on a card",
        "must be placed into the Memory zone face-down",
    ),
    _ga(
        "GA memory cost: do I get to pick which cards from memory get banished?",
        "banishing randomly selected cards from the Memory zone",
    ),
    _ga(
        "if my spell gets countered do i get the cards i reserved back",
        "Paid costs are not refunded when something is negated.",
    ),
    # Champions, levels, elements
    _ga(
        "where does my champion card go if it would be put in the graveyard",
        "If a Champion card would be put into a graveyard from anywhere",
    ),
    _ga(
        "grand archive: my champion was rested (tapped) and I leveled it up. does it untap?",
        "if a rested champion levels up, it will remain rested",
    ),
    _ga(
        "when do you unlock the advanced elements, not fire water wind",
        "after a champion reaches level 3 in its lineage",
    ),
    _ga(
        "GA pride keyword, what if my champ level is too low",
        "unless your champion is level N or higher",
    ),
    # Card types and objects
    _ga(
        "do allies have summoning sickness in GA or can they attack right away",
        "may attack the turn they enter the field",
    ),
    _ga(
        "my opponent prevented all the damage from my sword, does it still lose a durability counter?",
        "does not prevent the weapon from losing durability",
    ),
    _ga(
        "in grand archive is there a legend rule? I have two of the same unique item out",
        "forced to sacrifice any of those objects until they only control 1",
    ),
    _ga(
        "GA: what happens to a regalia weapon that gets bounced back to my hand",
        "If an effect specifies that a regalia would be sent to the hand",
    ),
    # Zones
    _ga(
        "max hand size? do i discard down at end of turn like hearthstone",
        "There is no maximum hand size.",
    ),
    _ga(
        "when do the cards i reserved into memory come back to my hand",
        "returns all cards in their memory zone to their hand",
    ),
    _ga(
        "does the effects stack resolve last in first out like a yugioh chain",
        "this zone uses a first-in-last-out (FILO) system",
    ),
    # Turn structure and timing
    _ga(
        "ga turn structure, phases in order",
        "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases.",
    ),
    _ga(
        "can i materialize 2 cards in one turn",
        "only materialize a card once per materialize phase",
    ),
    _ga(
        "what is Opportunity in grand archive, is it the same thing as priority in mtg",
        "Opportunity is a concept that governs the activation of cards",
    ),
    _ga(
        "can I play an ally on my opponents turn in response to something",
        "Allies and attacks can only be activated at a slow speed.",
    ),
    _ga(
        "grand archive difference between fizzle and negate",
        "has fizzled is not considered to have been negated",
    ),
    # Combat
    _ga("GA: can a rested ally still retaliate (block)?", "already-rested units cannot retaliate"),
    _ga(
        "does dmg on allies go away at end of turn? and the damage on my champion??",
        "is removed during the end phase before the start of the next turn",
    ),
    _ga(
        "when my champion attacks with an attack card AND a weapon do the powers add up",
        "summation of power stats of all Intents",
    ),
    # Keywords and counters
    _ga(
        "taunt, does it work like hearthstone taunt?",
        "must target awake units with Taunt over other attackable objects",
    ),
    _ga(
        "intercept keyword, can my ally take the hit for my champion",
        "you may redirect that attack to this ally",
    ),
    _ga(
        "floating memory in GA how does it work",
        "banish this card from your graveyard to pay for 1 of that cost",
    ),
    _ga(
        "glimpse 3 - is that like scry 3?",
        "looks at the top N cards of their deck and places any number",
    ),
    _ga(
        "what do enlighten counters do in grand archive",
        "Remove 3 enlighten counters from [CARDNAME]: Draw a card",
    ),
    _ga(
        "wither counters, do I have to pay or sacrifice the thing?",
        "they sacrifice it unless they pay 1 reserve for each wither counter",
    ),
    _ga(
        "Can I shuffle my opponent's deck after they shuffle, or cut it?",
        "present their deck to an opponent to cut or further shuffle the deck",
    ),
    # Rounding (Titans of Eden rounds Wounded up; Grand Archive rounds down)
    _ga(
        "ga rounding rule, round up or down on halves?", "rounded down to the nearest whole number"
    ),
]

TITANS_CASES = [
    # Setup
    _titans(
        "toe setup how many ritual piles do we put out",
        "Each game is played with 16 elemental ritual piles.",
    ),
    _titans(
        "whats in each players starting deck",
        "Give each player a starting deck consisting of 8 Monks and 4 Wizards.",
    ),
    _titans(
        "how many tokens go on the temple mat and the surge mat in a 1v1",
        "Put 3 tokens on each Temple Mat and 2 tokens",
    ),
    _titans(
        "Titans of Eden who goes first? who gets the avatar mat",
        "Randomly give one player the Avatar Mat.",
    ),
    _titans(
        "advanced setup: a warrior and a beast of the same element have the same ability, what do we do",
        "then trade that warrior out for a different card",
    ),
    _titans(
        "how long does a game of titans of eden take with 6 people", "3-6 Players: 60-120 minutes"
    ),
    # Ages: playing and awakening
    _titans(
        "titans: can I awaken two cards in one age if I have lots of energy?",
        "You cannot awaken two or more cards.",
    ),
    _titans(
        "when I awaken (buy) a card does it go to my hand or my discard, like dominion?",
        "Each awakened card is put into its awakener's discard pile.",
    ),
    # Battle, temples, winning
    _titans(
        "I had 1 more power than my opponent, do I win the battle?",
        "greater than your opponent's total power by two or more",
    ),
    _titans(
        "toe capture vs destroy a temple, whats the difference",
        "only have one temple, capture one of your opponent's temples",
    ),
    _titans("how do you win titans of eden", "If your opponent has no more temples"),
    # Shuffle step and Surge
    _titans(
        "how many cards do I draw at the end of the turn",
        "Draw until you have six cards in your hand.",
    ),
    _titans(
        "titans of eden mulligan? I hate my hand",
        "discard your hand and draw one card for each card you discarded",
    ),
    # Two-arena games
    _titans(
        "2v2 titans of eden, do teammates share temples or each have their own?",
        "this is shared between both players on a team",
    ),
    _titans(
        "how do I pass a card to my teammate in the team game",
        "agree to each play a card into each other's arenas",
    ),
    _titans(
        "I won my battle but my teammate lost theirs, do we still get a temple",
        "If you win your battle, and your teammate loses their battle",
    ),
    _titans(
        "3 player toe, the guy playing alone, how many cards in his hand",
        "You start the game with 9 cards in your hand",
    ),
    # Three-arena games
    _titans(
        "titans 6 player game how many temples does everyone start with",
        "the only game format where Temple Mats start with 2 tokens",
    ),
    _titans(
        "three arena game: am I knocked out when I hit zero temples?",
        "You are NOT eliminated if you run out of temples.",
    ),
    # Constructed
    _titans(
        "toe constructed format deck size / spellbook",
        "each player builds a spellbook of exactly 32 cards",
    ),
    # Abilities in general
    _titans(
        "what does the number after an ability mean, like Draw 2 or Energy 2",
        "This means that you have two copies of that ability.",
    ),
    _titans(
        "titans of eden ability priority, which one goes first",
        "each ability is given a priority, with 1 being the highest priority",
    ),
    _titans(
        "are abilities optional or do i have to use them",
        "All abilities are mandatory, unless they explicitly say that they are optional.",
    ),
    _titans(
        "what does the Now keyword mean",
        "Now abilities cannot activate on subsequent ages",
    ),
    # Start-of-age abilities
    _titans(
        "discard ability — do I pick which card from my opponent's hand or do they?",
        "They fan out their cards (with the backs facing you)",
    ),
    _titans(
        "in ToE how do I get rid of my monks and wizards? deck thinning like exiling in other games",
        "lets you get rid of your starting cards (Monks and Wizards)",
    ),
    _titans(
        "after i sacrifice a card can it ever come back",
        "there is no mechanism by which that card can ever re-enter the game",
    ),
    # Continuous abilities
    _titans(
        "toe armor keyword",
        "Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    _titans(
        "control ability, what exactly do i get to choose for my opponent",
        "look at your opponent's hand and choose which card(s) they play",
    ),
    _titans(
        "we both have Delay in play, what happens",
        "each of your Delay abilities cancels one of your opponent's Delay abilities",
    ),
    _titans(
        "does Protect stop my opponent from haunting me",
        "your opponent cannot subvert your cards or haunt you",
    ),
    _titans(
        "TOE summon ability how many cards do i play",
        "play your first card each age, play an additional card",
    ),
    # Now abilities: Mythic, subversions, Flash, Purify
    _titans(
        "titans: can I have two copies of a mythic card in play, like the legend rule in magic?",
        "you can only have one copy of it in play",
    ),
    _titans(
        "wounded on a 5 power card, round up or down? (titans of eden)",
        "round up to the nearest whole number",
    ),
    _titans(
        "harmless vs bolster, which gets applied first", "Harmless is calculated before bolstering"
    ),
    _titans(
        "toe traitorous, do I steal the card?",
        "Attach Traitorous to an opponent's card, gaining control of that card.",
    ),
    _titans(
        "feral subversion what does it do",
        "Abilities on cards subverted with Feral benefit both players.",
    ),
    _titans("is flash optional", "This is not optional; you must play another card."),
    _titans(
        "purify a mindless card i played last age, do its Now abilities happen then?",
        "The Purify ability does not work retroactively",
    ),
    # End of the turn
    _titans(
        "spite toe, what happens when i lose a temple",
        "your opponent gains 2 Ghosts, which are immediately shuffled into their deck",
    ),
]
