"""The seventh per-game lookup question set: Grand Archive and Titans of Eden, asked as players ask.

Written on 2026-11-28 from the two rulebooks alone (the Grand Archive Comprehensive Rules and the
Titans of Eden Rulebook, read whole), by an author who never saw the lookup's ranking, its synonyms
nor the earlier question sets, for measuring the per-game lookup after its tuning. Questions are
terse or long-winded, some with typos or slang, some in other games' words (Magic, Hearthstone,
Yu-Gi-Oh, Pokémon, Lorcana); about half name their game. Each case's quote is a few words of the
passage that answers it, copied byte for byte from the rulebook (the books are scraped without
headings, so a result answers when its passage contains the quote);
tests/rules/test_lookup_games_quotes.py checks that every quote is in its book.
"""

from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _toe

GRAND_ARCHIVE_CASES = (
    _ga(
        "in grand archive does the player going first draw a card on turn 1?",
        "the first turn player also skips their Draw Phase",
    ),
    _ga("GA main deck minimum size", "Main decks can have a minimum of 60 cards"),
    _ga(
        "how many copies of the same card can i put in my main deck",
        "maximum of four copies of a card with the same name",
    ),
    _ga(
        "max cards in the material deck for constructed?",
        "Material decks can have a maximum of 12 cards",
    ),
    _ga(
        "grand archive sideboard - how much is a regalia worth in the points thing",
        "Sideboards use a 15 point system",
    ),
    _ga("draft deck size grand archive", "Main decks can have a minimum 30-count main deck"),
    _ga(
        "what happens if i have to draw but my deck is empty, do i lose like in magic",
        "That player attempts to draw a card from an empty deck",
    ),
    _ga(
        "both champions die at the exact same time, who wins??",
        "the game result is designated as a draw for each player",
    ),
    _ga(
        "GA: whats the difference between the yellow cost and the blue cost",
        "Reserve costs are represented with a yellow color",
    ),
    _ga(
        "do I get to pick which cards get banished for a memory cost or is it random",
        "banishing cards from cards in the memory zone at random",
    ),
    _ga("can cost reductions make a card cost less than zero", "Costs cannot be reduced below 0."),
    _ga(
        "what is X worth on a card with X in its cost while its still in my hand",
        "X is treated as 0 while the card is not",
    ),
    _ga(
        "how does leveling up a champion work in grand archive",
        "This is known as leveling up the champion.",
    ),
    _ga(
        "if my champion is tapped and i level it up does it untap",
        "if a rested champion levels up, it will remain rested",
    ),
    _ga(
        "can I materialize a level 0 champion from my material deck later on",
        "Players may not materialize Level 0 champions.",
    ),
    _ga(
        "my champion card would go to the grave, where does it actually go",
        "If a Champion card would be put into a graveyard from anywhere",
    ),
    _ga(
        "summoning sickness in grand archive? can my ally attack the turn it comes down",
        "All units may attack the turn they enter the field",
    ),
    _ga("what does fizzle mean in grand archive", 'This is also known as "fizzling."'),
    _ga(
        "GA weapon durability hits 0 what happens",
        "destroyed as a state-based action if the durability of that weapon",
    ),
    _ga(
        "GA which elements count as basic elements",
        "Basic elements are Fire, Water, and Wind elements",
    ),
    _ga(
        "is there a legend rule in grand archive like mtg, two of the same unique thing",
        "may only control 1 unique object on the field with that name",
    ),
    _ga(
        "regalia destroyed does it go to graveyard",
        "If a regalia card would be put into a graveyard from anywhere",
    ),
    _ga("grand archive max hand size", "There is no maximum hand size."),
    _ga(
        "am I allowed to look through my own material deck during the game",
        "Players may look at their own material deck at any time.",
    ),
    _ga(
        "what are the phases of the turn in grand archive, in order",
        "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases.",
    ),
    _ga(
        "untap step? when do my rested things get stood back up",
        "the game simultaneously wakes up each rested object",
    ),
    _ga(
        "when do the cards I reserved into memory come back to my hand",
        "returns all cards in their memory zone to their hand",
    ),
    _ga(
        "GA how many times per turn can i materialize",
        "A player may only materialize a card once per materialize phase",
    ),
    _ga(
        "can my opponent respond when i declare an attack or do they have to wait",
        "Attack declarations cannot be responded to and no player receives Opportunity",
    ),
    _ga(
        "how does blocking work in grand archive",
        "may choose to rest that unit to retaliate against the attacking unit",
    ),
    _ga(
        "can my champion swing its weapon when retaliating",
        "Weapons can’t be used to retaliate or during retaliation.",
    ),
    _ga(
        "does damage on allies go away at end of turn like in hearthstone? no wait thats magic",
        "Temporary damage marked on allies is removed.",
    ),
    _ga(
        "does damage on my champion heal at the end of turn or is it permanent",
        "Damage counters are permanent counters on champions",
    ),
    _ga(
        "grand archive: if my card gets negated (countered) do i get the cards I paid back",
        "Paid costs are not refunded when something is negated.",
    ),
    _ga(
        "several triggers go off at once, who puts theirs on the stack first",
        "stacked in turn order starting with the abilities that belong",
    ),
    _ga(
        "stealth keyword GA",
        "This unit can't be targeted by attacks unless permitted by True Sight.",
    ),
    _ga(
        "opponent has two allies with taunt, which one do I have to attack",
        "the attacking player can choose which of those units to attack",
    ),
    _ga(
        "ga enlighten counters, what do they do",
        "Remove 3 enlighten counters from [CARDNAME]: Draw a card.",
    ),
    _ga(
        "in a 4 player free for all grand archive game does the first player skip the draw",
        "the first turn player will follow the sequence of events",
    ),
    _ga(
        "grand archive: one card says i can, another says i cant, which one wins",
        "“can” does not overwrite “can’t”",
    ),
)

TITANS_CASES = (
    _toe(
        "how many temples does each player start with in titans of eden",
        "Put 3 tokens on each Temple Mat",
    ),
    _toe("toe starting deck", "a starting deck consisting of 8 Monks and 4 Wizards"),
    _toe(
        "how many ritual piles do you set out",
        "Each game is played with 16 elemental ritual piles.",
    ),
    _toe("who goes first in titans of eden", "Randomly give one player the Avatar Mat."),
    _toe(
        "titans of eden how many ages are in a turn",
        "Each turn has three ages that both players progress through together.",
    ),
    _toe(
        "if I play the top card of my deck can i peek at it first",
        "they CANNOT first look at what that card is",
    ),
    _toe(
        "titans of eden: can i buy two cards in one age if i have loads of energy",
        "You cannot awaken two or more cards.",
    ),
    _toe(
        "toe: where does a card I awaken go, straight to my hand?",
        "Each awakened card is put into its awakener's discard pile.",
    ),
    _toe(
        "how much more power do I need to win a battle, is 1 enough",
        "greater than your opponent's total power by two or more",
    ),
    _toe(
        "whats the difference between capturing and destroying a temple",
        "only have one temple, capture one of your opponent's temples",
    ),
    _toe("titans of eden how do you win", "If your opponent has no more temples"),
    _toe(
        "how many cards do I draw up to at the end of the turn in titans of eden",
        "Draw until you have six cards in your hand.",
    ),
    _toe(
        "can i hold cards in my hand over to next turn or do i have to discard everything",
        "keep any cards in your hand for the next turn",
    ),
    _toe("is there a mulligan in titans of eden", "you may remove a token from your Surge Mat"),
    _toe(
        "after I surge do i shuffle my deck",
        "Don't shuffle your deck after discarding",
    ),
    _toe(
        "what if my deck and hand are both empty when i need to play a card",
        "your hand are empty, skip playing a card",
    ),
    _toe("2v2 titans of eden do teammates share temples", "each team shares temples"),
    _toe(
        "can I pass a card to my teammate in the team game",
        "agree to each play a card into each other's arenas",
    ),
    _toe("3 player mode how many cards in hand", "You start the game with 9 cards in your hand"),
    _toe(
        "toe 3 player: what do I need to do to take a temple when im playing in two arenas",
        "win in one arena and tie in the other",
    ),
    _toe(
        "can i use energy from one arena to awaken in the other arena",
        "use Energy from cards in Arena 1 to awaken from ritual piles",
    ),
    _toe("6 player game how many temples to start", "Temple Mats start with 2 tokens on them"),
    _toe(
        "three arena game, am i knocked out when i lose all my temples",
        "You are NOT eliminated if you run out of temples.",
    ),
    _toe(
        "in the 3 team version which way does the avatar mat get passed",
        "passed clockwise to the next team at the end of each turn",
    ),
    _toe(
        "5 player titans of eden who should be on their own team",
        "the most experienced player play on a team by themselves",
    ),
    _toe(
        "titans of eden constructed format deck size? like how many cards in the spellbook",
        "each player builds a spellbook of exactly 32 cards",
    ),
    _toe(
        "in constructed do i have to show what i gain from my spellbook",
        "they must reveal that card to the other players",
    ),
    _toe(
        "what does the number after an ability mean like Draw 2",
        "This means that you have two copies of that ability.",
    ),
    _toe(
        "are abilities optional or do i have to use them",
        "All abilities are mandatory, unless they explicitly say that they are optional.",
    ),
    _toe(
        "titans of eden ability priority order which goes first",
        "each ability is given a priority, with 1 being the highest priority",
    ),
    _toe(
        "how do i trash my starter monks, is there deck thinning like dominion",
        "lets you get rid of your starting cards",
    ),
    _toe(
        "toe discard ability - do they choose or is it random",
        "Your opponent discards a random card in their hand.",
    ),
    _toe(
        "titans of eden armor keyword",
        "Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    _toe(
        "mythic - can i have 2 copies in play, like the legend rule in yugioh/magic",
        "discard all other copies of that card you have in play",
    ),
    _toe(
        "titans of eden harmless subversion what does it do to power",
        "Cards subverted with Harmless have zero base power.",
    ),
    _toe(
        "toe wounded halves power, what if its an odd number, round up or down",
        "After cutting the power in half, round up to the nearest",
    ),
    _toe(
        "card has both wounded and stunted which applies first", "Wounded is applied before Stunted"
    ),
    _toe(
        "traitorous - do i steal my opponents card like a mind control",
        "gaining control of that card",
    ),
    _toe(
        "is flash optional in titans of eden", "This is not optional; you must play another card."
    ),
    _toe("TOE what does the Now keyword mean", "This ability activates the age it is played."),
)
