"""A second, independent question set for the Grand Archive and Titans of Eden rulebooks.

Written on 2026-11-28 from the two rulebooks alone (../shared/seeds), by an author who never saw
the lookup's ranking, its synonyms or topics, nor the earlier question sets: it measures the
per-game lookup after its tuning, on questions that tuning never met. The questions are asked the
way players type them (terse, long-winded, misspelt, in other games' words); about half name the
game, so that they can also be asked with no game chosen.

Both books are plain text without headings the lookup can cite, so each case names no heading and
gives instead a few words of the answering passage (`quote`): a result answers when its passage
contains them. tests/rules/test_lookup_games_quotes.py checks that every quote is in its
book.
"""

from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _toe

GRAND_ARCHIVE_CASES = (
    # Deck construction and copies of cards
    _ga("grand archive minimum main deck size", "Main decks can have a minimum of 60 cards"),
    _ga(
        "how many copies of the same regalia can I put in my material deck",
        "a maximum of one copy of a card with the same name",
    ),
    _ga("GA sideboard how many cards", "Sideboards contain a maximum of 15 cards"),
    _ga(
        "in a grand archive draft whats the smallest deck i can register",
        "Main decks can have a minimum 30-count main deck",
    ),
    _ga(
        "does my material deck need a lvl 0 champ in it",
        "The material deck must have at least one Level 0 champion card.",
    ),
    # Starting the game and the turn
    _ga(
        "how do we decide who goes first in grand archive",
        "Players determine the first turn player.",
    ),
    _ga(
        "does the player going first draw a card on turn 1?",
        "the first turn player also skips their Draw Phase",
    ),
    _ga(
        "GA: what are the phases of a turn, in order",
        "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases.",
    ),
    _ga(
        "untap step - when do my rested cards get untapped",
        "the game simultaneously wakes up each rested object on the field",
    ),
    _ga(
        "can i materialize two things from the material deck in one turn",
        "may only materialize a card once per materialize phase",
    ),
    _ga(
        "when do the cards i put in memory come back to my hand",
        "will go back to its owner(s) hand(s) during that player's Recollection Phase",
    ),
    # Costs and resources
    _ga(
        "grand archive how do you pay a reserve cost",
        "Reserve costs are paid by reserving cards into the memory zone",
    ),
    _ga(
        "memory cost: do I choose which cards get banished or is it random",
        "banishing cards from cards in the memory zone at random",
    ),
    _ga(
        "if a card lets me play it for free what is X",
        "X must be chosen as 0",
    ),
    _ga("max hand size in grand archive?", "There is no maximum hand size."),
    # Champions, levels and regalia
    _ga(
        "can i jump my champion from level 1 straight to level 3",
        "incrementally leveled by placing the next level champion card",
    ),
    _ga(
        "do I need the element unlocked to materialize a champion",
        "Players ignore element requirements/restrictions when materializing a champion",
    ),
    _ga(
        "my champion got sent to the graveyard (discard pile), where does it actually go",
        "If a Champion card would be put into a graveyard",
    ),
    _ga(
        "grand archive enlighten counters - do they stay after i level up",
        "Enlighten counters persist through level-ups",
    ),
    _ga(
        "what is the inner lineage in grand archive",
        "stacked beneath the topmost champion in a lineage form the Inner Lineage",
    ),
    # Combat
    _ga(
        "do allies have summoning sickness or can they swing the turn they come down",
        "All units may attack the turn they enter the field",
    ),
    _ga("can an ally equip a weapon in GA", "Allies cannot use weapons."),
    _ga(
        "grand archive blocking - how does retaliating work",
        "the defending player may rest a defending unit during the retaliation step",
    ),
    _ga(
        "GA: can my rested ally still retaliate",
        "Resting is a cost to retaliate; already-rested units cannot retaliate.",
    ),
    _ga(
        "does damage on allies heal at end of turn in grand archive",
        "is removed during the end phase before the start",
    ),
    _ga(
        "does damage on my champion go away or does it stay like life loss",
        "Damage is marked permanently on champions in the form of damage counters",
    ),
    _ga(
        "if the damage is prevented does my weapon still lose durabilty",
        "does not prevent the weapon from losing durability",
    ),
    # Keywords
    _ga(
        "grand archive taunt",
        "must target awake units with Taunt over other attackable objects, if able",
    ),
    _ga(
        "GA cleave what does it do",
        "allows them to attack all attackable objects a chosen opponent controls",
    ),
    _ga(
        "critical keyword - how does the damage doubling work",
        "instead double that damage unless an opponent discards N cards",
    ),
    _ga(
        "floating memory in GA, how do i use it",
        "banish this card from your graveyard to pay for 1",
    ),
    _ga(
        "steadfast keyword",
        "This ally can retaliate while rested and doesn’t rest to do so.",
    ),
    # Timing, the stack and priority
    _ga(
        "grand archive priority - when can I respond to things",
        "Opportunity is a concept that governs the activation of cards",
    ),
    _ga(
        "can my opponent cast instants on my turn during my main phase",
        "Non-turn players may only activate cards or take player actions",
    ),
    _ga(
        "when does the top thing on the chain resolve",
        "The top layer in the Effects Stack resolves after all players",
    ),
    _ga(
        "if my card gets countered (negated) do i get the reserve cards back",
        "Paid costs are not refunded when something is negated.",
    ),
    _ga(
        "grand archive: is a fizzled card the same as a negated one",
        "has fizzled is not considered to have been negated",
    ),
    # Losing the game, and the glossary's terms
    _ga(
        "grand archive is there fatigue or do you just lose when your deck runs out",
        "results in an automatic loss, i.e. decking out",
    ),
    _ga(
        "sacrificing an ally, does that count as it dying",
        "A sacrificed unit is considered to have died and been destroyed.",
    ),
    _ga(
        "grand archive rounding, up or down?",
        "that number is rounded down to the nearest whole number",
    ),
)


TITANS_CASES = (
    # Contents and setup
    _toe("titans of eden how long does a game take", "2 players: 30-45 minutes"),
    _toe(
        "how many ritual piles do you lay out for a 2 player game",
        "Each game is played with 16 elemental ritual piles.",
    ),
    _toe(
        "toe starting deck",
        "a starting deck consisting of 8 Monks and 4 Wizards",
    ),
    _toe(
        "how many tokens go on the temple mat and surge mat at the start",
        "Put 3 tokens on each Temple Mat and 2 tokens",
    ),
    _toe(
        "who goes first, is it a coin flip like pokemon", "Randomly give one player the Avatar Mat."
    ),
    _toe(
        "titans of eden advanced setup: warrior and beast have the same ability, what do I do",
        "warrior and beast that share an element also share an ability",
    ),
    # Ages, playing and awakening
    _toe(
        "titans of eden how many ages in a turn",
        "Each turn has three ages that both players progress through together.",
    ),
    _toe(
        "if i play the top card of my deck can i peek at it first",
        "they CANNOT first look at what that card is",
    ),
    _toe(
        "what happens if my hand and deck are both empty when its time to play",
        "your hand are empty, skip playing a card",
    ),
    _toe(
        "titans of eden can I buy two cards in one age if i have lots of energy",
        "You cannot awaken two or more cards.",
    ),
    _toe(
        "where does a card go when I awaken it, hand or discard?",
        "Each awakened card is put into its awakener's discard pile.",
    ),
    _toe("toe: what is energy for", "Energy is the currency used to awaken cards."),
    # Battle, temples and winning
    _toe(
        "titans of eden how do you win a battle, what if power is tied or only 1 more",
        "total power by two or more, you win the battle",
    ),
    _toe(
        "whats the difference between capturing and destroying a temple",
        "only have one temple, capture one of your opponent's temples",
    ),
    # Shuffle and surge
    _toe(
        "how many cards do i draw back up to after the battle",
        "Draw until you have six cards in your hand.",
    ),
    _toe(
        "titans of eden can i hold cards in my hand for next turn",
        "keep any cards in your hand for the next turn",
    ),
    _toe(
        "is there a mulligan? my opening hand is trash",
        "don't like the cards in your hand, you may remove a token",
    ),
    # Team and multiplayer formats
    _toe(
        "in 2v2 do teammates share temples",
        "this is shared between both players on a team",
    ),
    _toe(
        "titans of eden two arena game, I won my battle but my partner lost - do we take a temple",
        "AND your teammate wins or ties their battle",
    ),
    _toe(
        "toe can i give my teammate a card",
        "agree to each play a card into each other's arenas",
    ),
    _toe(
        "3 player mode starting hand size",
        "You start the game with 9 cards in your hand",
    ),
    _toe(
        "toe 6 player: how many temples does each player start with",
        "the only game format where Temple Mats start with 2 tokens",
    ),
    _toe(
        "in the three arena game am i knocked out when my temples are gone",
        "You are NOT eliminated if you run out of temples.",
    ),
    _toe(
        "5 players toe - who should be on the one person team",
        "the most experienced player play on a team by themselves",
    ),
    # Constructed format
    _toe(
        "titans of eden constructed spellbook size",
        "each player builds a spellbook of exactly 32 cards",
    ),
    _toe(
        "do i have to show my opponent my spellbook",
        "Players should always keep their spellbook secret.",
    ),
    # Abilities: how they work
    _toe(
        "what does the number after an ability mean like Draw 2",
        "This means that you have two copies of that ability.",
    ),
    _toe(
        "toe: in what order do abilities go off",
        "each ability is given a priority, with 1 being the highest priority",
    ),
    _toe(
        "titans of eden are card abilities optional or do i have to use them",
        "All abilities are mandatory, unless they explicitly say that they are optional.",
    ),
    _toe(
        "do start of turn abilities happen before start of age ones",
        "AND before any Start of each age abilities activate",
    ),
    # Abilities: the keywords
    _toe(
        "titans of eden sacrifice - is it like exiling a card from hand (trashing)",
        "You may permanently remove a card in your hand from the game.",
    ),
    _toe(
        "titans of eden what does armor do",
        "Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    _toe(
        "flash, is it a may?",
        "This is not optional; you must play another card.",
    ),
    _toe(
        "protect ability how long does it last",
        "The age you play a card with Protect, your opponent cannot subvert",
    ),
    _toe(
        "titans of eden mythic, can i have 2 copies in play",
        "you can only have one copy of it in play",
    ),
    _toe(
        "toe we ran out of subversion cards what now",
        "If you run out of any subversion cards",
    ),
    _toe(
        "can a card get wounded twice",
        "Each card can only be subverted with one subversion of each type.",
    ),
    _toe(
        "toe harmless vs stunted, which is applied before bolster",
        "Harmless is calculated before bolstering, unlike Stunted and Wounded",
    ),
    _toe(
        "wounded on an odd power card: round up or round down?",
        "round up to the nearest whole number",
    ),
    _toe(
        "what does spite do if i lose a temple",
        "If you lost a temple this turn, your opponent gains 2 Ghosts",
    ),
)
