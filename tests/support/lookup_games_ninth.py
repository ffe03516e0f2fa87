"""The ninth per-game question set: forty questions each for Grand Archive and Titans of Eden.

Written on 2026-11-28 from the two rulebooks alone (the Grand Archive comprehensive rules and the
Titans of Eden comprehensive rulebook, each read whole), by an author who never saw the lookup's
ranking, its synonyms or topics, nor the earlier question sets. It measures the per-game lookup
after its tuning, on questions it was not tuned to.

The questions are typed the way players type them: terse or long-winded, with typos and slang,
some in other games' words (Magic, Hearthstone, Yu-Gi-Oh, Pokémon, Lorcana). About half of each
game's questions name the game; the others do not. A few are traps: a word both games use
(sacrifice, rounding, hand size, the mulligan), or a rule next to one that says the opposite.

Each case's quote is a few words, byte for byte from one sentence of the seed rulebook, of the
passage that answers the question: a result answers when its passage contains the quote.
"""

from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _toe

GRAND_ARCHIVE_CASES = [
    # Setup and the first turn
    _ga(
        "grand archive does the player going first draw a card on turn 1",
        "the first turn player also skips their Draw Phase",
    ),
    _ga(
        "GA free-for-all with 4 people, does whoever goes first still skip the draw?",
        "the first turn player will follow the sequence of events as denoted",
    ),
    _ga(
        "grand archive: does my opponent get to cut my deck after I shuffle",
        "present their deck to an opponent to cut or further shuffle",
    ),
    # Deck construction and copies of cards
    _ga(
        "how many copies of the same card can i play in my main deck",
        "a maximum of four copies of a card with the same name",
    ),
    _ga("grand archive material deck max size", "Material decks can have a maximum of 12 cards"),
    _ga(
        "sideboard points: how much is a regalia or champion worth in the 15 point system?",
        "Regalia/Champion cards are worth 3 points",
    ),
    _ga(
        "GA draft / limited, whats the minimum deck size",
        "Main decks can have a minimum 30-count main deck",
    ),
    # Winning, losing, drawing, conceding
    _ga(
        "what happens if i have to draw but my deck is empty, do i lose like decking in yugioh",
        "attempts to draw a card from an empty deck",
    ),
    _ga(
        "in grand archive both champions die at the exact same time in a 1v1, who wins??",
        "each player in a two-player game losing at the same time",
    ),
    _ga(
        "can I concede in the middle of my opponents combat or do i have to wait",
        "Conceding is not bound by any timing restrictions",
    ),
    # Costs and resources
    _ga(
        "grand archive how do you pay reserve costs",
        "paid by reserving cards into the memory zone from the hand",
    ),
    _ga(
        "In Grand Archive, when paying a memory cost do I pick which cards get banished or is it random?",
        "banishing cards from cards in the memory zone at random",
    ),
    _ga(
        "if I stack enough cost reductions can a card cost less than zero",
        "Costs cannot be reduced below 0",
    ),
    _ga(
        "GA: value of X on a card that's still in my hand?",
        "treated as 0 while the card is not on the Effects Stack",
    ),
    # Zones and the turn
    _ga("max hand size?", "There is no maximum hand size."),
    _ga(
        "when do the cards i put in memory come back to my hand",
        "returns all cards in their memory zone to their hand",
    ),
    _ga(
        "grand archive regalia destroyed does it go to the graveyard",
        "regalia card would be put into a graveyard from anywhere",
    ),
    _ga(
        "can i look through my material deck whenever i want",
        "Players may look at their own material deck at any time",
    ),
    # Champions, levels, lineage, elements
    _ga(
        "how do you levle up your champion in grand archive",
        "next level champion is placed on top of the previous",
    ),
    _ga(
        "my champ is tapped (rested) and I level it up, does it untap?",
        "if a rested champion levels up, it will remain rested",
    ),
    _ga(
        "can i materialize a lv 0 champion later in the game if mine got replaced",
        "Players may not materialize Level 0 champions",
    ),
    _ga(
        "GA do the abilities of the champion cards under my top champion still work",
        "this ability as long as this card is part of its lineage",
    ),
    _ga(
        "when do you get access to advanced elements like arcane or crux",
        "unlocked either after a champion reaches level 3 in its lineage",
    ),
    _ga(
        "do enlightn counters stay when i level up", "Enlighten counters persist through level-ups"
    ),
    # Combat
    _ga(
        "grand archive summoning sickness, can my ally attack the turn it comes in",
        "may attack the turn they enter the field",
    ),
    _ga(
        "can my champion attack with no weapon or attack card",
        "Champions can attack only through attack cards or by using weapons",
    ),
    _ga(
        "lorcana brain here: can an exerted ally still hit back when attacked, i rested it already this turn",
        "already-rested units cannot retaliate",
    ),
    _ga(
        "GA ally with 0 power, can it retaliate", "with a power stat of 0 or less cannot retaliate"
    ),
    _ga(
        "does my sword still lose a durability counter if the damage got prevented",
        "does not prevent the weapon from losing durability",
    ),
    _ga(
        "does damage on allies heal at end of turn like in magic",
        "removed during the end phase before the start of the next turn",
    ),
    _ga(
        "grand archive taunt: do I have to attack the taunt guy first like hearthstone",
        "must target awake units with Taunt over other attackable objects",
    ),
    _ga(
        "an ally that won't obey me because of pride, can it still retaliate when attacked",
        "They may still have that ally retaliate.",
    ),
    # Keywords and glossary terms
    _ga(
        "GA critical 2 what does it do exactly",
        "instead double that damage unless an opponent discards N cards",
    ),
    _ga(
        "grand archive floating memory how does it work",
        "banish this card from your graveyard to pay for 1",
    ),
    _ga(
        "if I play two copies of the same unique item (legend rule) what happens",
        "may only control 1 unique object on the field with that name",
    ),
    _ga(
        "grand archive does sacrificing an ally count as it dying for on death stuff",
        "A sacrificed unit is considered to have died and been destroyed",
    ),
    # Timing, the stack, negation
    _ga(
        "what can i play on my opponents turn (instant speed) in grand archive",
        "Any player may activate fast cards when they have Opportunity",
    ),
    _ga(
        "two of my triggers and one of my opponent's trigger at the same time, which goes on the chain first",
        "starting with the abilities that belong to the turn player",
    ),
    _ga(
        "GA: my card got negated (countered), do I get the reserve back",
        "Paid costs are not refunded when something is negated",
    ),
    _ga("rounding halves, up or down", "that number is rounded down to the nearest whole number"),
]

TITANS_CASES = [
    # Setup
    _toe(
        "titans of eden how many ritual piles do you set out",
        "Each game is played with 16 elemental ritual piles",
    ),
    _toe(
        "titans of eden whats in the starting deck",
        "starting deck consisting of 8 Monks and 4 Wizards",
    ),
    _toe("toe 1v1 how many temples does each player start with", "Put 3 tokens on each Temple Mat"),
    _toe(
        "who goes first, is there a coin flip like pokemon or is it the avatar mat thing",
        "Randomly give one player the Avatar Mat",
    ),
    _toe(
        "titans of eden advanced setup, warrior and beast in the same element share an ability, what do I do",
        "then trade that warrior out for a different card",
    ),
    # Ages, playing and awakening cards
    _toe(
        "how many ages are in a turn",
        "Each turn has three ages that both players progress through together",
    ),
    _toe(
        "if I play off the top of my deck can I look at the card first",
        "they CANNOT first look at what that card is",
    ),
    _toe(
        "my deck and my hand are both empty what do i play",
        "deck and your hand are empty, skip playing a card",
    ),
    _toe(
        "titans of eden can i buy 2 cards in the same age if i have enough energy",
        "You cannot awaken two or more cards",
    ),
    _toe(
        "do cards you awaken go to your hand or discard pile",
        "Each awakened card is put into its awakener's discard pile",
    ),
    _toe(
        "what is energy used for (the mana of this game?)",
        "Energy is the currency used to awaken cards",
    ),
    # Battle and temples
    _toe(
        "toe battle: how much more power do i need to win",
        "greater than your opponent's total power by two or more",
    ),
    _toe(
        "when do i capture a temple instead of destroying it",
        "If you win the battle and only have one temple, capture one",
    ),
    _toe("how do you win titans of eden", "If your opponent has no more temples"),
    # The shuffle step and the Surge Mat
    _toe(
        "Titans of Eden: how many cards do you draw at the end of the turn?",
        "Draw until you have six cards in your hand",
    ),
    _toe(
        "titans of eden can I hold cards in my hand for next turn or do I have to discard everything",
        "keep any cards in your hand for the next turn",
    ),
    _toe(
        "is there a mulligan? my opening hand is garbage",
        "you may remove a token from your Surge Mat",
    ),
    _toe(
        "after surging do i shuffle the discarded hand back into my deck",
        "leave those cards in your discard for the rest of the turn",
    ),
    # Multiplayer
    _toe(
        "titans of eden 4 player teams, do teammates share temples",
        "Each arena has its own ritual piles, and each team shares temples",
    ),
    _toe(
        "2v2 I won my battle but my teammate lost theirs, do we still take a temple",
        "your teammate loses their battle, then no temples are destroyed",
    ),
    _toe(
        "can i pass a card to my teammate", "can agree to each play a card into each other's arenas"
    ),
    _toe(
        "toe 3 player mode how many cards in hand", "You start the game with 9 cards in your hand"
    ),
    _toe(
        "6 player three arena game, how many temple tokens does everyone start with",
        "only game format where Temple Mats start with 2 tokens",
    ),
    _toe(
        "titans of eden three teams: am i knocked out when I run out of temples",
        "You are NOT eliminated if you run out of temples",
    ),
    _toe(
        "who gets the avatar mat next with 3 teams",
        "is passed clockwise to the next team at the end",
    ),
    _toe(
        "5 players, who should be the solo team",
        "the most experienced player play on a team by themselves",
    ),
    # Constructed format
    _toe(
        "titans of eden constructed: how many cards in a spellbook",
        "each player builds a spellbook of exactly 32 cards",
    ),
    # Abilities in general
    _toe(
        "what does the number after an ability mean, like Draw 2",
        "This means that you have two copies of that ability",
    ),
    _toe(
        "titans of eden in what order do abilities activate, priority numbers on the reference sheet",
        "each ability is given a priority, with 1 being the highest priority",
    ),
    _toe(
        "are abilities optional or do i have to use them",
        "All abilities are mandatory, unless they explicitly say that they are optional",
    ),
    # Abilities one by one
    _toe(
        "toe discard ability, does my opponent choose which card or is it random",
        "Your opponent discards a random card in their hand",
    ),
    _toe(
        "do I have to show my opponent what I sacrifice", "Cards you sacrifice are public knowledge"
    ),
    _toe(
        "toe can you subvert a card with armor",
        "Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    _toe(
        "titans of eden wounded halves power, round up or down",
        "round up to the nearest whole number",
    ),
    _toe(
        "harmless vs stunted - which is applied before bolster (titans of eden)",
        "Harmless is calculated before bolstering",
    ),
    _toe(
        "if i play protect does it get rid of subversions already on my cards",
        "Protect does not remove any subversions that have been placed",
    ),
    _toe("titans of eden is flash optional", "This is not optional; you must play another card"),
    _toe(
        "when I substitute a card in do its now abilities go off",
        "Now abilities on that card will not trigger",
    ),
    _toe(
        "a card i controlled with traitorous leaves play, whose discard pile does it go to",
        "it is put into its original owner's discard",
    ),
    _toe(
        "titans of eden: we ran out of wounded cards but need to attach more",
        "then the subversion still happens",
    ),
]
