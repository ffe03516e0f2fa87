"""The eighth per-game lookup question set: Grand Archive and Titans of Eden, forty questions each.

Written on 2026-11-28 from the two rulebooks alone (the Grand Archive Comprehensive Rules and the
Titans of Eden Rulebook, read whole), by an author who never saw the lookup's ranking, its
synonyms, nor the earlier question sets, for measuring the per-game lookup after its tuning.
Questions are typed the way players type them: terse or long-winded, with typos and slang, some
in other games' words (Magic, Hearthstone, Yu-Gi-Oh, Pokémon, Lorcana); about half name their
game. A case's quote is a few words, byte-for-byte from its rulebook within one sentence, of the
passage that answers it: a result answers when its passage contains the quote.
"""

from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _toe

GRAND_ARCHIVE_CASES = (
    _ga("GA: minimum main deck size for constructed?", "Main decks can have a minimum of 60 cards"),
    _ga(
        "how many cards can go in the material deck",
        "Material decks can have a maximum of 12 cards",
    ),
    _ga(
        "grand archive draft deck how many cards",
        "Main decks can have a minimum 30-count main deck",
    ),
    _ga(
        "sideboard point system, how much is a regalia or champion worth?",
        "Regalia/Champion cards are worth 3 points",
    ),
    _ga(
        "in grand archive does the player going first draw on turn 1 like in magic",
        "the first turn player also skips their Draw Phase",
    ),
    _ga(
        "what happens if i have to draw and my deck is empty",
        "That player attempts to draw a card from an empty deck",
    ),
    _ga(
        "both champs die at the same time in a 1v1, who wins??",
        "each player in a two-player game losing at the same time",
    ),
    _ga(
        "grand archive how do you pay reserve costs",
        "paid by reserving cards into the memory zone from the hand",
    ),
    _ga(
        "memory cost - do i choose which cards to banish or is it random",
        "must be paid by banishing randomly selected cards from the Memory zone",
    ),
    _ga(
        "can cost reductions make a card cost less than zero in GA",
        "Costs cannot be reduced below 0.",
    ),
    _ga(
        "Divine Relic keyword meaning",
        "You can only have one card with this keyword in your material deck.",
    ),
    _ga("max hand size grand archive", "There is no maximum hand size."),
    _ga(
        "when do the cards i put in memory come back to my hand?",
        "will go back to its owner(s) hand(s) during that player's Recollection Phase",
    ),
    _ga(
        "GA turn structure, what order are the phases",
        "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases.",
    ),
    _ga(
        "can i materialize twice in one turn if i have the memory",
        "may only materialize a card once per materialize phase",
    ),
    _ga(
        "where does my champion go when it would go to the graveyard",
        "Champion card would be put into a graveyard from anywhere, it is",
    ),
    _ga(
        "grand archive leveling up champion does it use the stack / can it be responded to",
        "Leveling up a champion does not use the effects stack.",
    ),
    _ga(
        "can my champion attack on its own without a weapon",
        "Champions can attack only through attack cards or by using weapons.",
    ),
    _ga(
        "do allies have summoning sickness in grand archive",
        "the turn they enter the field as long as they are awake",
    ),
    _ga(
        "can a tapped ally still block? (retaliate)",
        "Resting is a cost to retaliate; already-rested units cannot retaliate.",
    ),
    _ga(
        "does my weapon lose durabilty if the attack did 0 damage",
        "Durability is still removed if the damage dealt is 0.",
    ),
    _ga(
        "GA opportunity = priority? who gets it first",
        "When Opportunity arises, it first is given to the turn player",
    ),
    _ga(
        "can my opponent play slow stuff during my turn",
        "Non-turn players can't perform Slow Player Actions at any time.",
    ),
    _ga(
        "grand archive regalia destroyed where does it go",
        "regalia card would be put into a graveyard from anywhere, it is",
    ),
    _ga(
        "GA - how many copies of the same card in my material deck",
        "a maximum of one copy of a card with the same name",
    ),
    _ga(
        "if my card gets negated (countered) do i get the cost back",
        "Paid costs are not refunded when something is negated.",
    ),
    _ga("grand archive taunt", "must target awake units with Taunt over other attackable objects"),
    _ga(
        "grand archive: what does stealth do, can i still attack it",
        "This unit can't be targeted by attacks unless permitted by True Sight.",
    ),
    _ga("GA intercept keyword", "you may redirect that attack to this ally"),
    _ga(
        "enlighten counters what do they do",
        "Remove 3 enlighten counters from [CARDNAME]: Draw a card.",
    ),
    _ga(
        "recover 3 but my champion only has 2 damage counters on it, what happens",
        "only 2 damage counters are removed",
    ),
    _ga(
        "grand archive tokens when they leave the field",
        "will cease to exist when they move to another zone",
    ),
    _ga(
        "in GA can i sacrifice my opponents ally",
        "Players can only sacrifice objects they control.",
    ),
    _ga(
        "glimpse 3 meaning (like scry in mtg)",
        "N, a player looks at the top N cards of their deck",
    ),
    _ga(
        "does damage on allies stay between turns or does it heal like hearthstone minions dont",
        "is removed during the end phase before the start of the next turn",
    ),
    _ga("GA summon a token", "Summon defines the player action of summoning objects into play."),
    _ga("how many zones are there in grand archive", "There are 9 total zones in Grand Archive"),
    _ga(
        "how many players count as multiplayer",
        "A multiplayer game is considered any game which includes 3 or more players.",
    ),
    _ga(
        "grand archive multiplayer does the first player still skip drawing on turn one",
        "they will not skip their first draw phase",
    ),
    _ga(
        "two copies of a unique object on the field same name",
        "may only control 1 unique object on the field with that name",
    ),
)

TITANS_CASES = (
    _toe(
        "titans of eden starting deck",
        "Give each player a starting deck consisting of 8 Monks and 4 Wizards.",
    ),
    _toe(
        "how many temples does each player start with in a 2 player game",
        "Put 3 tokens on each Temple Mat",
    ),
    _toe(
        "toe how many ritual piles in setup", "Each game is played with 16 elemental ritual piles."
    ),
    _toe(
        "who picks their card first each age",
        "the player with the Avatar Mat selects either a card in their hand",
    ),
    _toe(
        "if i play off the top of my deck can i look at it first",
        "they CANNOT first look at what that card is",
    ),
    _toe(
        "titans of eden how many ages per turn",
        "Each turn has three ages that both players progress through together.",
    ),
    _toe(
        "can i awaken 2 cards in the same age if i have enough energy",
        "You cannot awaken two or more cards.",
    ),
    _toe(
        "titans: where does a card i awaken go, hand or discard?",
        "Each awakened card is put into its awakener's discard pile.",
    ),
    _toe(
        "TOE battle - i have 1 more power than my opponent, do i win",
        "greater than your opponent's total power by two or more",
    ),
    _toe(
        "won the battle but i only have one temple left, do i destroy theirs",
        "battle and only have one temple, capture one of your opponent's temples",
    ),
    _toe(
        "titans of eden how many cards do you draw up to after shuffling",
        "Draw until you have six cards in your hand.",
    ),
    _toe(
        "can i keep cards in my hand for next turn or do i have to discard everything",
        "choose to keep any cards in your hand for the next turn",
    ),
    _toe("is there a mulligan in titans of eden", "you may remove a token from your Surge Mat"),
    _toe(
        "my deck and hand are both empty what do i play",
        "If both your deck and your hand are empty, skip playing a card.",
    ),
    _toe(
        "mythic - can i have two of the same mythic in play",
        "then you can only have one copy of it in play",
    ),
    _toe(
        "titans of eden armor ability",
        "Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    _toe("what does protect stop", "your opponent cannot subvert your cards or haunt you"),
    _toe(
        "haunt gives my opponent a ghost, how much power does the ghost have",
        "Attach Harmless to that Ghost, which gives the Ghost zero power this turn.",
    ),
    _toe(
        "toe sacrifice - does the card come back to its pile (like exile in mtg)",
        "You may permanently remove a card in your hand from the game.",
    ),
    _toe(
        "when does the Draw ability trigger",
        "age, draw a card for each Draw ability you have in play",
    ),
    _toe(
        "discard ability, who picks the card?",
        "Your opponent discards a random card in their hand.",
    ),
    _toe("titans of eden energy is like mana?", "Energy is the currency used to awaken cards."),
    _toe("energy: evanesce how long does it last", "give you one Energy the age they are played"),
    _toe(
        "is there any way to get 2 mythic cards in play at once",
        "the only way you can get multiple cards with Mythic into play",
    ),
    _toe("rage ability toe", "Choose a card you have in play that doesn't have the Rage ability."),
    _toe(
        "spite what does it do (titans of eden)",
        "If you lost a temple this turn, your opponent gains 2 Ghosts",
    ),
    _toe(
        "if i purify mindless off a card from an earlier age do i get its now abilities back",
        "The Purify ability does not work retroactively",
    ),
    _toe(
        "titans of eden return - can i bounce a card that has return itself",
        "You cannot choose to return a card that has the Return ability.",
    ),
    _toe(
        "toe: are abilities optional or mandatory",
        "All abilities are mandatory, unless they explicitly say that they are optional.",
    ),
    _toe(
        "what does the number after an ability mean like Draw 2",
        "This means that you have two copies of that ability.",
    ),
    _toe(
        "toe summon ability, is it a token like in yugioh",
        "first card each age, play an additional card at the same time",
    ),
    _toe(
        "toe delay ability who plays first",
        "your opponent chooses what card(s) they're playing first",
    ),
    _toe("night's fury", "You may discard all the cards in your hand."),
    _toe(
        "titans of eden constructed spellbook size",
        "each player builds a spellbook of exactly 32 cards",
    ),
    _toe(
        "do i have to show my spellbook to my opponent",
        "Players should always keep their spellbook secret.",
    ),
    _toe(
        "3 player mode the guy alone how many cards does he start with",
        "the game with 9 cards in your hand (instead of 6 cards)",
    ),
    _toe(
        "titans of eden 2v2 how do we take a temple from the other team",
        "both arenas, or win in one arena and tie in the other",
    ),
    _toe(
        "three arena game am i out if i lose all my temples",
        "You are NOT eliminated if you run out of temples.",
    ),
    _toe("titans of eden 6 player how many temples each", "Put 2 tokens on each Temple Mat."),
    _toe(
        "toe can i play a card into my teamates arena",
        "a card for your teammate, they must play a card for you",
    ),
)
