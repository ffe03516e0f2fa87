"""The third per-game lookup question set: Grand Archive and Titans of Eden questions asked the
way players ask them, each with the words of the passage that answers it.

Written on 2026-11-28 from the two rulebooks alone (the Grand Archive Comprehensive Rules and the
Titans of Eden Rulebook in ../shared/seeds), by an author who never saw the lookup's ranking, its
synonyms or topics, nor the two earlier per-game sets: it measures the per-game lookup after its
tuning on questions that tuning never met. About half the questions name their game (so they are
asked once with the game chosen and once searching everything); some use other games' words
(Magic, Hearthstone, Yu-Gi-Oh, Pokémon, Dominion), some carry typos, and a few ask about a term
both games use (sacrifice, discard, energy, rounding) or a rule beside a look-alike one.

Both books are plain text scraped without usable headings, so a case names no heading: its
`quote` is a few words, byte for byte from one sentence of the seed file, that the answering
passage contains. tests/rules/test_lookup_games_quotes.py checks every quote is in its book.
"""

from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _toe

GRAND_ARCHIVE_CASES = [
    # starting a game, winning and losing
    _ga(
        "how do you set up a game of grand archive? do we shuffle and then let the opponent cut?",
        "Players present their main decks to their opponents to shuffle and/or cut",
    ),
    _ga(
        "does the player going first draw a card on turn one",
        "the first turn player also skips their Draw Phase",
    ),
    _ga("GA: how do you win", "The primary objective of the game is to win by defeating"),
    _ga(
        "what happens if both players lose at the exact same time, is it a tie?",
        "each player in a two-player game losing at the same time",
    ),
    _ga("what happens if I have to draw from an empty library", "from an empty deck"),
    _ga(
        "can i concede in the middle of combat", "Conceding is not bound by any timing restrictions"
    ),
    # deck construction and copies of cards
    _ga(
        "grand archive constructed minimum main deck size",
        "Main decks can have a minimum of 60 cards",
    ),
    _ga(
        "how many copies of the same card can i play in my main deck",
        "a maximum of four copies of a card with the same name",
    ),
    _ga(
        "material deck max size in grand archive?", "Material decks can have a maximum of 12 cards"
    ),
    _ga(
        "how does the sideboard work, someone said regalia count as 3 points??",
        "Regalia/Champion cards are worth 3 points",
    ),
    _ga("ga draft deck size", "Main decks can have a minimum 30-count main deck"),
    # zones
    _ga("is there a maximum hand size in grand archive", "There is no maximum hand size"),
    _ga(
        "grand archive: can I look through my material deck whenever I want or is it hidden",
        "Players may look at their own material deck at any time",
    ),
    # costs, memory and recollection
    _ga(
        "how do i pay a reserve cost",
        "Reserve costs are paid by reserving cards into the memory zone",
    ),
    _ga(
        "GA memory cost - do i get to pick which cards from memory get banished?",
        "banishing cards from cards in the memory zone at random",
    ),
    _ga(
        "when do the cards in my memory go back to my hand",
        "returns all cards in their memory zone to their hand",
    ),
    _ga("can cost reduction bring a card below zero", "Costs cannot be reduced below 0"),
    _ga(
        "floating memory how does it work",
        "banish this card from your graveyard to pay for 1",
    ),
    # turn structure and timing
    _ga(
        "grand archive turn structure, what are the phases in order",
        "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases",
    ),
    _ga(
        "how many times per turn can i materalize",
        "A player may only materialize a card once per materialize phase",
    ),
    _ga(
        "grand archive can i play instants on my opponents turn",
        "Any player may activate fast cards when they have Opportunity",
    ),
    _ga(
        "who gets priority first after something goes on the stack",
        "When Opportunity arises, it first is given to the turn player",
    ),
    _ga(
        "does the chain resolve backwards like in yugioh, last card in goes first?",
        "this zone uses a first-in-last-out (FILO) system",
    ),
    _ga(
        "GA if my card gets negated/countered do i get the cards i reserved back",
        "Paid costs are not refunded when something is negated",
    ),
    _ga(
        "GA fizzle: the ally I targeted left the field before my action resolved, what happens",
        "the entire card/effect does not resolve",
    ),
    # champions, levels, elements, regalia
    _ga(
        "can i materialize my lvl 0 champ from the material deck",
        "Players may not materialize Level 0 champions",
    ),
    _ga(
        "grand archive leveling up, can i go straight from a level 1 champion to level 3?",
        "a champion whose base level is N+1 is selected",
    ),
    _ga(
        "why cant i play a water card when my champion is fire",
        "The element specified on the card must be enabled for a player",
    ),
    _ga(
        "ga regalia destroyed, does it go to the graveyard",
        "regalia card would be put into a graveyard from anywhere",
    ),
    _ga(
        "what happens if i end up controlling 2 of the same unique item",
        "controls 2 or more unique objects with the same name",
    ),
    _ga(
        "how do enlighten counters work in grand archive",
        "Remove 3 enlighten counters from [CARDNAME]: Draw a card",
    ),
    # combat and damage
    _ga("grand archive can a tapped ally still block", "already-rested units cannot retaliate"),
    _ga(
        "when does my weapon lose a durability counter",
        "a durability counter is removed in the damage step",
    ),
    _ga(
        "does damage on allies go away at the end of the turn in GA like in magic",
        "Temporary damage marked on allies is removed",
    ),
    _ga(
        "does the damage on my champion heal between turns or does it stay",
        "Damage is marked permanently on champions in the form of damage counters",
    ),
    _ga(
        "GA summoning sickness? can an ally attack the turn it comes down",
        "All units may attack the turn they enter the field",
    ),
    # keywords and glossary terms
    _ga(
        "grand archive taunt rules - do i have to attack the taunt guy first like hearthstone?",
        "a player must target awake units with Taunt over other attackable objects",
    ),
    _ga(
        "my opponents ally has stealth, can i even attack it",
        "can't be targeted by attacks unless permitted by True Sight",
    ),
    _ga(
        "if my ally is banished instead of going to the graveyard does its on death still go off",
        "On Death will not trigger if the unit is sent to banishment",
    ),
    _ga(
        "GA rounding - do you round up or down?",
        "that number is rounded down to the nearest whole number",
    ),
]

TITANS_CASES = [
    # setup
    _toe(
        "how many ritual piles in a titans of eden game",
        "Each game is played with 16 elemental ritual piles",
    ),
    _toe(
        "what's in each player's starting deck",
        "a starting deck consisting of 8 Monks and 4 Wizards",
    ),
    _toe(
        "toe setup: how many tokens go on the temple mat and the surge mat",
        "Put 3 tokens on each Temple Mat",
    ),
    _toe(
        "who goes first? how do we decide the first player",
        "Randomly give one player the Avatar Mat",
    ),
    # ages: playing and awakening
    _toe(
        "titans of eden how many ages in a turn",
        "Each turn has three ages that both players progress through together",
    ),
    _toe(
        "if i play the top card of my deck do i get to peek at it first",
        "they CANNOT first look at what that card is",
    ),
    _toe(
        "what if my deck and my hand are both empty, do i still have to play a card",
        "If both your deck and your hand are empty",
    ),
    _toe(
        "titans: can i awaken 2 cards in the same age if i have loads of energy",
        "You cannot awaken two or more cards",
    ),
    _toe(
        "when I awaken a card does it go to my hand or to my discard pile like in dominion",
        "Each awakened card is put into its awakener's discard pile",
    ),
    _toe(
        "titans of eden energy - is it like pokemon energy that stays attached?",
        "Energy is the currency used to awaken cards",
    ),
    # battle and temples
    _toe(
        "toe battle - how much more power do i need to win it?",
        "greater than your opponent's total power by two or more",
    ),
    _toe(
        "when do you capture a temple instead of destroying it",
        "If you win the battle and only have one temple, capture one",
    ),
    # shuffle step and surge
    _toe(
        "titans of eden can i keep cards in my hand for next turn",
        "keep any cards in your hand for the next turn",
    ),
    _toe(
        "how many cards do you draw back up to after the battle",
        "Draw until you have six cards in your hand",
    ),
    _toe("is there a mulligan in titans of eden", "you may remove a token from your Surge Mat"),
    # constructed
    _toe(
        "toe constructed spellbook how many cards",
        "each player builds a spellbook of exactly 32 cards",
    ),
    _toe(
        "in constructed do i have to show the other player my spellbook",
        "Players should always keep their spellbook secret",
    ),
    # team games
    _toe(
        "titans of eden 2v2 do teammates share temples",
        "this is shared between both players on a team",
    ),
    _toe(
        "titans 2v2: I won my battle but my teammate lost theirs, does our team take a temple?",
        "If you win your battle, and your teammate loses their battle",
    ),
    _toe(
        "3 player mode starting hand size",
        "You start the game with 9 cards in your hand",
    ),
    _toe(
        "toe team game, can i pass a card to my teamate",
        "can agree to each play a card into each other's arenas",
    ),
    _toe(
        "6 player game how many temples does everyone start with",
        "the only game format where Temple Mats start with 2 tokens",
    ),
    _toe(
        "titans of eden 6 player, am i eliminated when i hit zero temples",
        "You are NOT eliminated if you run out of temples",
    ),
    _toe(
        "which way does the avatar mat get passed in the three arena game",
        "passed clockwise to the next team at the end of each turn",
    ),
    # abilities: numbers, priority, choices
    _toe(
        "what does the number after an ability mean, like Draw 2, in toe",
        "This means that you have two copies of that ability",
    ),
    _toe(
        "which abilities go first, is there some kind of priority order",
        "each ability is given a priority, with 1 being the highest priority",
    ),
    _toe(
        "are abilities optional or do i have to use them",
        "All abilities are mandatory, unless they explicitly say that they are optional",
    ),
    _toe(
        "titans discard ability - do i get to pick which card they discard",
        "Your opponent discards a random card in their hand",
    ),
    _toe(
        "toe sacrifice: does the sacrificed card go back to its ritual pile or can it ever come back",
        "no mechanism by which that card can ever re-enter the game",
    ),
    _toe(
        "can i put a subversion on my own card if it has armor",
        "you cannot subvert a card with Armor, even if you control",
    ),
    _toe(
        "what does Control do in titans of eden",
        "look at your opponent's hand and choose which card(s) they play",
    ),
    _toe(
        "we both have delay out, what happens",
        "each of your Delay abilities cancels one of your opponent's Delay abilities",
    ),
    _toe("what does the Now keyword mean", "Now abilities cannot activate on subsequent ages"),
    _toe(
        "toe mythic, can i have 2 copies of the same card in play",
        "then you can only have one copy of it in play",
    ),
    _toe(
        "can one card have two wounded subversions on it",
        "Each card can only be subverted with one subversion of each type",
    ),
    _toe(
        "titans of eden wounded: half power, round up or down",
        "round up to the nearest whole number",
    ),
    _toe(
        "opponent put harmless on my dragon, does my bolster still add power to it",
        "Harmless is calculated before bolstering",
    ),
    _toe("is flash optional in toe", "This is not optional; you must play another card"),
    _toe(
        "they stole my card with traitorous, who gets it back at the end of the turn",
        "it is put into its original owner's discard",
    ),
    _toe(
        "if i substitute a card in at the end of the third age do its now abilites trigger",
        "Now abilities on that card will not trigger",
    ),
]
