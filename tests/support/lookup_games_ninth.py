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

from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS, Case

GRAND_ARCHIVE_CASES = [
    # Setup and the first turn
    Case(
        "grand archive does the player going first draw a card on turn 1",
        GRAND_ARCHIVE,
        (),
        quote="the first turn player also skips their Draw Phase",
    ),
    Case(
        "GA free-for-all with 4 people, does whoever goes first still skip the draw?",
        GRAND_ARCHIVE,
        (),
        quote="the first turn player will follow the sequence of events as denoted",
    ),
    Case(
        "grand archive: does my opponent get to cut my deck after I shuffle",
        GRAND_ARCHIVE,
        (),
        quote="present their deck to an opponent to cut or further shuffle",
    ),
    # Deck construction and copies of cards
    Case(
        "how many copies of the same card can i play in my main deck",
        GRAND_ARCHIVE,
        (),
        quote="a maximum of four copies of a card with the same name",
    ),
    Case(
        "grand archive material deck max size",
        GRAND_ARCHIVE,
        (),
        quote="Material decks can have a maximum of 12 cards",
    ),
    Case(
        "sideboard points: how much is a regalia or champion worth in the 15 point system?",
        GRAND_ARCHIVE,
        (),
        quote="Regalia/Champion cards are worth 3 points",
    ),
    Case(
        "GA draft / limited, whats the minimum deck size",
        GRAND_ARCHIVE,
        (),
        quote="Main decks can have a minimum 30-count main deck",
    ),
    # Winning, losing, drawing, conceding
    Case(
        "what happens if i have to draw but my deck is empty, do i lose like decking in yugioh",
        GRAND_ARCHIVE,
        (),
        quote="attempts to draw a card from an empty deck",
    ),
    Case(
        "in grand archive both champions die at the exact same time in a 1v1, who wins??",
        GRAND_ARCHIVE,
        (),
        quote="each player in a two-player game losing at the same time",
    ),
    Case(
        "can I concede in the middle of my opponents combat or do i have to wait",
        GRAND_ARCHIVE,
        (),
        quote="Conceding is not bound by any timing restrictions",
    ),
    # Costs and resources
    Case(
        "grand archive how do you pay reserve costs",
        GRAND_ARCHIVE,
        (),
        quote="paid by reserving cards into the memory zone from the hand",
    ),
    Case(
        "In Grand Archive, when paying a memory cost do I pick which cards get banished or is it random?",
        GRAND_ARCHIVE,
        (),
        quote="banishing cards from cards in the memory zone at random",
    ),
    Case(
        "if I stack enough cost reductions can a card cost less than zero",
        GRAND_ARCHIVE,
        (),
        quote="Costs cannot be reduced below 0",
    ),
    Case(
        "GA: value of X on a card that's still in my hand?",
        GRAND_ARCHIVE,
        (),
        quote="treated as 0 while the card is not on the Effects Stack",
    ),
    # Zones and the turn
    Case(
        "max hand size?",
        GRAND_ARCHIVE,
        (),
        quote="There is no maximum hand size.",
    ),
    Case(
        "when do the cards i put in memory come back to my hand",
        GRAND_ARCHIVE,
        (),
        quote="returns all cards in their memory zone to their hand",
    ),
    Case(
        "grand archive regalia destroyed does it go to the graveyard",
        GRAND_ARCHIVE,
        (),
        quote="regalia card would be put into a graveyard from anywhere",
    ),
    Case(
        "can i look through my material deck whenever i want",
        GRAND_ARCHIVE,
        (),
        quote="Players may look at their own material deck at any time",
    ),
    # Champions, levels, lineage, elements
    Case(
        "how do you levle up your champion in grand archive",
        GRAND_ARCHIVE,
        (),
        quote="next level champion is placed on top of the previous",
    ),
    Case(
        "my champ is tapped (rested) and I level it up, does it untap?",
        GRAND_ARCHIVE,
        (),
        quote="if a rested champion levels up, it will remain rested",
    ),
    Case(
        "can i materialize a lv 0 champion later in the game if mine got replaced",
        GRAND_ARCHIVE,
        (),
        quote="Players may not materialize Level 0 champions",
    ),
    Case(
        "GA do the abilities of the champion cards under my top champion still work",
        GRAND_ARCHIVE,
        (),
        quote="this ability as long as this card is part of its lineage",
    ),
    Case(
        "when do you get access to advanced elements like arcane or crux",
        GRAND_ARCHIVE,
        (),
        quote="unlocked either after a champion reaches level 3 in its lineage",
    ),
    Case(
        "do enlightn counters stay when i level up",
        GRAND_ARCHIVE,
        (),
        quote="Enlighten counters persist through level-ups",
    ),
    # Combat
    Case(
        "grand archive summoning sickness, can my ally attack the turn it comes in",
        GRAND_ARCHIVE,
        (),
        quote="may attack the turn they enter the field",
    ),
    Case(
        "can my champion attack with no weapon or attack card",
        GRAND_ARCHIVE,
        (),
        quote="Champions can attack only through attack cards or by using weapons",
    ),
    Case(
        "lorcana brain here: can an exerted ally still hit back when attacked, i rested it already this turn",
        GRAND_ARCHIVE,
        (),
        quote="already-rested units cannot retaliate",
    ),
    Case(
        "GA ally with 0 power, can it retaliate",
        GRAND_ARCHIVE,
        (),
        quote="with a power stat of 0 or less cannot retaliate",
    ),
    Case(
        "does my sword still lose a durability counter if the damage got prevented",
        GRAND_ARCHIVE,
        (),
        quote="does not prevent the weapon from losing durability",
    ),
    Case(
        "does damage on allies heal at end of turn like in magic",
        GRAND_ARCHIVE,
        (),
        quote="removed during the end phase before the start of the next turn",
    ),
    Case(
        "grand archive taunt: do I have to attack the taunt guy first like hearthstone",
        GRAND_ARCHIVE,
        (),
        quote="must target awake units with Taunt over other attackable objects",
    ),
    Case(
        "an ally that won't obey me because of pride, can it still retaliate when attacked",
        GRAND_ARCHIVE,
        (),
        quote="They may still have that ally retaliate.",
    ),
    # Keywords and glossary terms
    Case(
        "GA critical 2 what does it do exactly",
        GRAND_ARCHIVE,
        (),
        quote="instead double that damage unless an opponent discards N cards",
    ),
    Case(
        "grand archive floating memory how does it work",
        GRAND_ARCHIVE,
        (),
        quote="banish this card from your graveyard to pay for 1",
    ),
    Case(
        "if I play two copies of the same unique item (legend rule) what happens",
        GRAND_ARCHIVE,
        (),
        quote="may only control 1 unique object on the field with that name",
    ),
    Case(
        "grand archive does sacrificing an ally count as it dying for on death stuff",
        GRAND_ARCHIVE,
        (),
        quote="A sacrificed unit is considered to have died and been destroyed",
    ),
    # Timing, the stack, negation
    Case(
        "what can i play on my opponents turn (instant speed) in grand archive",
        GRAND_ARCHIVE,
        (),
        quote="Any player may activate fast cards when they have Opportunity",
    ),
    Case(
        "two of my triggers and one of my opponent's trigger at the same time, which goes on the chain first",
        GRAND_ARCHIVE,
        (),
        quote="starting with the abilities that belong to the turn player",
    ),
    Case(
        "GA: my card got negated (countered), do I get the reserve back",
        GRAND_ARCHIVE,
        (),
        quote="Paid costs are not refunded when something is negated",
    ),
    Case(
        "rounding halves, up or down",
        GRAND_ARCHIVE,
        (),
        quote="that number is rounded down to the nearest whole number",
    ),
]

TITANS_CASES = [
    # Setup
    Case(
        "titans of eden how many ritual piles do you set out",
        TITANS,
        (),
        quote="Each game is played with 16 elemental ritual piles",
    ),
    Case(
        "titans of eden whats in the starting deck",
        TITANS,
        (),
        quote="starting deck consisting of 8 Monks and 4 Wizards",
    ),
    Case(
        "toe 1v1 how many temples does each player start with",
        TITANS,
        (),
        quote="Put 3 tokens on each Temple Mat",
    ),
    Case(
        "who goes first, is there a coin flip like pokemon or is it the avatar mat thing",
        TITANS,
        (),
        quote="Randomly give one player the Avatar Mat",
    ),
    Case(
        "titans of eden advanced setup, warrior and beast in the same element share an ability, what do I do",
        TITANS,
        (),
        quote="then trade that warrior out for a different card",
    ),
    # Ages, playing and awakening cards
    Case(
        "how many ages are in a turn",
        TITANS,
        (),
        quote="Each turn has three ages that both players progress through together",
    ),
    Case(
        "if I play off the top of my deck can I look at the card first",
        TITANS,
        (),
        quote="they CANNOT first look at what that card is",
    ),
    Case(
        "my deck and my hand are both empty what do i play",
        TITANS,
        (),
        quote="deck and your hand are empty, skip playing a card",
    ),
    Case(
        "titans of eden can i buy 2 cards in the same age if i have enough energy",
        TITANS,
        (),
        quote="You cannot awaken two or more cards",
    ),
    Case(
        "do cards you awaken go to your hand or discard pile",
        TITANS,
        (),
        quote="Each awakened card is put into its awakener's discard pile",
    ),
    Case(
        "what is energy used for (the mana of this game?)",
        TITANS,
        (),
        quote="Energy is the currency used to awaken cards",
    ),
    # Battle and temples
    Case(
        "toe battle: how much more power do i need to win",
        TITANS,
        (),
        quote="greater than your opponent's total power by two or more",
    ),
    Case(
        "when do i capture a temple instead of destroying it",
        TITANS,
        (),
        quote="If you win the battle and only have one temple, capture one",
    ),
    Case(
        "how do you win titans of eden",
        TITANS,
        (),
        quote="If your opponent has no more temples",
    ),
    # The shuffle step and the Surge Mat
    Case(
        "Titans of Eden: how many cards do you draw at the end of the turn?",
        TITANS,
        (),
        quote="Draw until you have six cards in your hand",
    ),
    Case(
        "titans of eden can I hold cards in my hand for next turn or do I have to discard everything",
        TITANS,
        (),
        quote="keep any cards in your hand for the next turn",
    ),
    Case(
        "is there a mulligan? my opening hand is garbage",
        TITANS,
        (),
        quote="you may remove a token from your Surge Mat",
    ),
    Case(
        "after surging do i shuffle the discarded hand back into my deck",
        TITANS,
        (),
        quote="leave those cards in your discard for the rest of the turn",
    ),
    # Multiplayer
    Case(
        "titans of eden 4 player teams, do teammates share temples",
        TITANS,
        (),
        quote="Each arena has its own ritual piles, and each team shares temples",
    ),
    Case(
        "2v2 I won my battle but my teammate lost theirs, do we still take a temple",
        TITANS,
        (),
        quote="your teammate loses their battle, then no temples are destroyed",
    ),
    Case(
        "can i pass a card to my teammate",
        TITANS,
        (),
        quote="can agree to each play a card into each other's arenas",
    ),
    Case(
        "toe 3 player mode how many cards in hand",
        TITANS,
        (),
        quote="You start the game with 9 cards in your hand",
    ),
    Case(
        "6 player three arena game, how many temple tokens does everyone start with",
        TITANS,
        (),
        quote="only game format where Temple Mats start with 2 tokens",
    ),
    Case(
        "titans of eden three teams: am i knocked out when I run out of temples",
        TITANS,
        (),
        quote="You are NOT eliminated if you run out of temples",
    ),
    Case(
        "who gets the avatar mat next with 3 teams",
        TITANS,
        (),
        quote="is passed clockwise to the next team at the end",
    ),
    Case(
        "5 players, who should be the solo team",
        TITANS,
        (),
        quote="the most experienced player play on a team by themselves",
    ),
    # Constructed format
    Case(
        "titans of eden constructed: how many cards in a spellbook",
        TITANS,
        (),
        quote="each player builds a spellbook of exactly 32 cards",
    ),
    # Abilities in general
    Case(
        "what does the number after an ability mean, like Draw 2",
        TITANS,
        (),
        quote="This means that you have two copies of that ability",
    ),
    Case(
        "titans of eden in what order do abilities activate, priority numbers on the reference sheet",
        TITANS,
        (),
        quote="each ability is given a priority, with 1 being the highest priority",
    ),
    Case(
        "are abilities optional or do i have to use them",
        TITANS,
        (),
        quote="All abilities are mandatory, unless they explicitly say that they are optional",
    ),
    # Abilities one by one
    Case(
        "toe discard ability, does my opponent choose which card or is it random",
        TITANS,
        (),
        quote="Your opponent discards a random card in their hand",
    ),
    Case(
        "do I have to show my opponent what I sacrifice",
        TITANS,
        (),
        quote="Cards you sacrifice are public knowledge",
    ),
    Case(
        "toe can you subvert a card with armor",
        TITANS,
        (),
        quote="Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    Case(
        "titans of eden wounded halves power, round up or down",
        TITANS,
        (),
        quote="round up to the nearest whole number",
    ),
    Case(
        "harmless vs stunted - which is applied before bolster (titans of eden)",
        TITANS,
        (),
        quote="Harmless is calculated before bolstering",
    ),
    Case(
        "if i play protect does it get rid of subversions already on my cards",
        TITANS,
        (),
        quote="Protect does not remove any subversions that have been placed",
    ),
    Case(
        "titans of eden is flash optional",
        TITANS,
        (),
        quote="This is not optional; you must play another card",
    ),
    Case(
        "when I substitute a card in do its now abilities go off",
        TITANS,
        (),
        quote="Now abilities on that card will not trigger",
    ),
    Case(
        "a card i controlled with traitorous leaves play, whose discard pile does it go to",
        TITANS,
        (),
        quote="it is put into its original owner's discard",
    ),
    Case(
        "titans of eden: we ran out of wounded cards but need to attach more",
        TITANS,
        (),
        quote="then the subversion still happens",
    ),
]
