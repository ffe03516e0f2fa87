"""The fourth per-game lookup question set: Grand Archive and Titans of Eden questions asked the
way players ask them, each with a few words of the passage that answers it.

Written on 2026-11-28 from the two rulebooks alone (the Grand Archive Comprehensive Rules and the
Titans of Eden Rulebook in ../shared/seeds), by an author who never saw the lookup's ranking, its
synonyms or topics, nor the earlier question sets. It measures the per-game lookup after its
tuning on questions that tuning cannot have seen. Questions are typed as players type them: terse
or long-winded, some misspelt, some in other games' words (Magic, Hearthstone, Yu-Gi-Oh, Pokémon,
Lorcana, Dominion), about half naming the game. A few are tricky on purpose: a term both games
use (sacrifice, tokens, priority, rounding, an empty deck) or a rule beside a near one.

A result answers when its passage contains the case's quote (the plain-text books carry no
headings to name); tests/rules/test_lookup_games_quotes.py checks every quote is in its
rulebook.
"""

from tests.support.lookup_questions import GRAND_ARCHIVE, TITANS, Case

GRAND_ARCHIVE_CASES = (
    # Setup and the first turn
    Case(
        "grand archive how do we decide who goes first",
        GRAND_ARCHIVE,
        (),
        quote="any random method that all players agree to",
    ),
    Case(
        "does the player going first draw a card on turn 1 in a 1v1?",
        GRAND_ARCHIVE,
        (),
        quote="the first turn player also skips their Draw Phase",
    ),
    Case(
        "GA: do I have to let my opponent cut my deck after I shuffle",
        GRAND_ARCHIVE,
        (),
        quote="present their deck to an opponent to cut or further shuffle",
    ),
    # Deck construction and copies of cards
    Case(
        "grand archive constructed min deck size and max copies of a card",
        GRAND_ARCHIVE,
        (),
        quote="minimum of 60 cards and a maximum of four copies",
    ),
    Case(
        "how many cards can go in the material deck",
        GRAND_ARCHIVE,
        (),
        quote="Material decks can have a maximum of 12 cards",
    ),
    Case(
        "sideboard points - is a regalia worth more than a main deck card?",
        GRAND_ARCHIVE,
        (),
        quote="Regalia/Champion cards are worth 3 points",
    ),
    Case(
        "GA draft / limited: how big is the main deck",
        GRAND_ARCHIVE,
        (),
        quote="Main decks can have a minimum 30-count main deck",
    ),
    Case(
        "can i have 2 copies of the same regalia in my material deck",
        GRAND_ARCHIVE,
        (),
        quote="only have up to one copy of a specific regalia",
    ),
    # Winning, losing, conceding
    Case(
        "grand archive what happens if i have to draw but my deck is empty",
        GRAND_ARCHIVE,
        (),
        quote="attempts to draw a card from an empty deck",
    ),
    Case(
        "both champions die at the same time, who wins??",
        GRAND_ARCHIVE,
        (),
        quote="the game result is designated as a draw for each player",
    ),
    Case(
        "in a 4 player free for all if someone concedes does the game keep going",
        GRAND_ARCHIVE,
        (),
        quote="the game will continue considering that the player to have lost",
    ),
    Case(
        "GA how many players makes it a multiplayer game",
        GRAND_ARCHIVE,
        (),
        quote="any game which includes 3 or more players",
    ),
    # Zones
    Case(
        "is there a max hand size or do i discard down at end of turn like hearthstone",
        GRAND_ARCHIVE,
        (),
        quote="There is no maximum hand size.",
    ),
    Case(
        "grand archive can i look through my material deck whenever i want",
        GRAND_ARCHIVE,
        (),
        quote="Players may look at their own material deck at any time.",
    ),
    Case(
        "does the effects stack resolve last in first out like the chain in yugioh",
        GRAND_ARCHIVE,
        (),
        quote="this zone uses a first-in-last-out (FILO) system",
    ),
    # Costs and resources
    Case(
        "how do you pay for cards, theres no mana? reserve cost",
        GRAND_ARCHIVE,
        (),
        quote="must be placed into the Memory zone face-down from that player",
    ),
    Case(
        "GA memory cost are the cards banished picked at random",
        GRAND_ARCHIVE,
        (),
        quote="paid by banishing randomly selected cards from the Memory zone",
    ),
    Case(
        "when do the cards i reserved into memory come back to my hand",
        GRAND_ARCHIVE,
        (),
        quote="the turn player returns all cards in their memory zone to their hand",
    ),
    Case(
        "can a cost reduction make a card cost less than zero",
        GRAND_ARCHIVE,
        (),
        quote="Costs cannot be reduced below 0.",
    ),
    # Phases, materializing and champions
    Case(
        "grand archive how many times can i materialize a turn",
        GRAND_ARCHIVE,
        (),
        quote="A player may only materialize a card once per materialize phase",
    ),
    Case(
        "can you materialise a lv0 champion from the material deck",
        GRAND_ARCHIVE,
        (),
        quote="Players may not materialize Level 0 champions.",
    ),
    Case(
        "if my champion is rested and i level it up does it wake up?",
        GRAND_ARCHIVE,
        (),
        quote="if a rested champion levels up, it will remain rested",
    ),
    Case(
        "GA when do you unlock advanced elements",
        GRAND_ARCHIVE,
        (),
        quote="typically unlocked either after a champion reaches level 3 in its lineage",
    ),
    Case(
        "can i play a fire card if my champion doesnt have fire element",
        GRAND_ARCHIVE,
        (),
        quote="must be enabled for a player for that player to play that card",
    ),
    # Types, supertypes and the field
    Case(
        "grand archive regalia destroyed does it go to the graveyard",
        GRAND_ARCHIVE,
        (),
        quote="If a regalia card would be put into a graveyard from anywhere",
    ),
    Case(
        "is there a legend rule? i control two unique objects with the same name",
        GRAND_ARCHIVE,
        (),
        quote="may only control 1 unique object on the field with that name",
    ),
    Case(
        "do allies have summoning sickness or can they attack the turn they come down",
        GRAND_ARCHIVE,
        (),
        quote="All units may attack the turn they enter the field",
    ),
    # Combat
    Case(
        "how does blocking work in grand archive, can my ally hit back the attacker",
        GRAND_ARCHIVE,
        (),
        quote="may choose to rest that unit to retaliate against the attacking unit",
    ),
    Case(
        "GA can a unit with 0 power retaliate",
        GRAND_ARCHIVE,
        (),
        quote="with a power stat of 0 or less cannot retaliate",
    ),
    Case(
        "GA if all the damage is prevented does my weapon still lose a durability counter",
        GRAND_ARCHIVE,
        (),
        quote="does not prevent the weapon from losing durability",
    ),
    Case(
        "does damage on allies heal at the end of the turn",
        GRAND_ARCHIVE,
        (),
        quote="is removed during the end phase before the start of the next turn",
    ),
    Case(
        "grand archive champion damage stays between turns?",
        GRAND_ARCHIVE,
        (),
        quote="Damage is marked permanently on champions in the form of damage counters",
    ),
    # Keywords
    Case(
        "taunt - do i have to attack the taunt ally first",
        GRAND_ARCHIVE,
        (),
        quote="must target awake units with Taunt over other attackable objects",
    ),
    Case(
        "grand archive intercept, what does it do on an ally",
        GRAND_ARCHIVE,
        (),
        quote="you may redirect that attack to this ally",
    ),
    Case(
        "GA floating memory how does it work",
        GRAND_ARCHIVE,
        (),
        quote="banish this card from your graveyard to pay for 1",
    ),
    Case(
        "critcal keyword what happens if my opponent doesnt discard",
        GRAND_ARCHIVE,
        (),
        quote="instead double that damage unless an opponent discards N cards",
    ),
    Case(
        "glimpse 3 in grand archive, is that like scry in magic",
        GRAND_ARCHIVE,
        (),
        quote="looks at the top N cards of their deck and places",
    ),
    # Timing, the stack and the glossary
    Case(
        "grand archive can i play cards during my opponents turn, like instants",
        GRAND_ARCHIVE,
        (),
        quote="Any player may activate fast cards when they have Opportunity",
    ),
    Case(
        "if my spell gets countered/negated do i get the cards i paid back",
        GRAND_ARCHIVE,
        (),
        quote="Paid costs are not refunded when something is negated.",
    ),
    Case(
        "grand archive do you round up or down",
        GRAND_ARCHIVE,
        (),
        quote="that number is rounded down to the nearest whole number",
    ),
)

TITANS_CASES = (
    # Setup
    Case(
        "titans of eden what's in the starting deck",
        TITANS,
        (),
        quote="Give each player a starting deck consisting of 8 Monks and 4 Wizards.",
    ),
    Case(
        "how many temples does each player start with in a 1v1",
        TITANS,
        (),
        quote="Put 3 tokens on each Temple Mat",
    ),
    Case(
        "toe how many ritual piles do we set out",
        TITANS,
        (),
        quote="Each game is played with 16 elemental ritual piles.",
    ),
    Case(
        "how do you choose which cards go in the market, like the supply in dominion",
        TITANS,
        (),
        quote="Randomly select one storm warrior to use as one of your ritual piles.",
    ),
    Case(
        "titans advanced setup: warrior and beast of the same element share an ability",
        TITANS,
        (),
        quote="then trade that warrior out for a different card",
    ),
    Case(
        "how long does a two player game take",
        TITANS,
        (),
        quote="2 players: 30-45 minutes",
    ),
    # A turn: ages, playing and awakening
    Case(
        "titans of eden how many ages are in a turn",
        TITANS,
        (),
        quote="Each turn has three ages that both players progress through together.",
    ),
    Case(
        "who picks their card first, is it the avatar mat player",
        TITANS,
        (),
        quote="First, the player with the Avatar Mat selects either a card",
    ),
    Case(
        "if i play the top card of my deck can i peek at it first",
        TITANS,
        (),
        quote="they CANNOT first look at what that card is",
    ),
    Case(
        "toe my deck and hand are both empty what do i play",
        TITANS,
        (),
        quote="If both your deck and your hand are empty, skip playing a card.",
    ),
    Case(
        "can I awaken 2 cards in the same age if i have lots of energy",
        TITANS,
        (),
        quote="You cannot awaken two or more cards.",
    ),
    Case(
        "titans of eden where do awakened cards go, straight to hand?",
        TITANS,
        (),
        quote="Each awakened card is put into its awakener's discard pile.",
    ),
    # Battle and temples
    Case(
        "i had 1 more power than my opponent, did i win the battle",
        TITANS,
        (),
        quote="by two or more, you win the battle",
    ),
    Case(
        "titans when do you capture a temple instead of destroying it",
        TITANS,
        (),
        quote="If you win the battle and only have one temple, capture one",
    ),
    # Shuffle step and the Surge Mat
    Case(
        "at the end of the turn can I keep cards in my hand for next turn",
        TITANS,
        (),
        quote="keep any cards in your hand for the next turn",
    ),
    Case(
        "toe how many cards do you draw back up to after the shuffle",
        TITANS,
        (),
        quote="Draw until you have six cards in your hand.",
    ),
    Case(
        "is there a mulligan? i hate my opening hand",
        TITANS,
        (),
        quote="if you don't like the cards in your hand",
    ),
    Case(
        "titans of eden surge - can the other player surge too after seeing me surge",
        TITANS,
        (),
        quote="can respond by choosing to also use the Surge ability",
    ),
    # Two-arena (3-4 players)
    Case(
        "2v2 titans do teammates share a temple mat",
        TITANS,
        (),
        quote="this is shared between both players on a team",
    ),
    Case(
        "team game: i won my battle but my partner lost theirs, do we take a temple?",
        TITANS,
        (),
        quote="if you win your battle AND your teammate wins or ties their battle",
    ),
    Case(
        "can i pass a card to my teammate's arena",
        TITANS,
        (),
        quote="agree to each play a card into each other's arenas",
    ),
    Case(
        "toe 3 player mode how many cards in the starting hand",
        TITANS,
        (),
        quote="You start the game with 9 cards in your hand",
    ),
    # Three-arena (5-6 players)
    Case(
        "6 player titans of eden how many temple tokens to start",
        TITANS,
        (),
        quote="the only game format where Temple Mats start with 2 tokens",
    ),
    Case(
        "three arena game am I knocked out when I lose my last temple",
        TITANS,
        (),
        quote="You are NOT eliminated if you run out of temples.",
    ),
    Case(
        "5 players - who should play alone on their own team",
        TITANS,
        (),
        quote="we recommend that the most experienced player play on a team by themselves",
    ),
    # Constructed format
    Case(
        "titans of eden constructed deck building how many cards in a spellbook",
        TITANS,
        (),
        quote="each player builds a spellbook of exactly 32 cards",
    ),
    Case(
        "constructed: do i have to show the card i awaken from my spellbook",
        TITANS,
        (),
        quote="they must reveal that card to the other players",
    ),
    # Abilities: numbers, priority, timing
    Case(
        "what does the 2 in Draw 2 mean",
        TITANS,
        (),
        quote="This means that you have two copies of that ability.",
    ),
    Case(
        "toe which ability resolves first, is priority 1 the highest",
        TITANS,
        (),
        quote="each ability is given a priority, with 1 being the highest priority",
    ),
    Case(
        "are abilities optional or do i have to use them, like may abilities in lorcana",
        TITANS,
        (),
        quote="All abilities are mandatory, unless they explicitly say that they are optional.",
    ),
    Case(
        "draw ability but my deck is empty, do i lose?",
        TITANS,
        (),
        quote="If there are no cards remaining in your deck, this ability does nothing.",
    ),
    # Keywords
    Case(
        "titans of eden discard - do I pick which card my opponent loses",
        TITANS,
        (),
        quote="They fan out their cards (with the backs facing you)",
    ),
    Case(
        "sacrifice in toe, can the card ever come back? is it like trashing in dominion",
        TITANS,
        (),
        quote="there is no mechanism by which that card can ever re-enter the game",
    ),
    Case(
        "titans of eden can you subvert a card with armor",
        TITANS,
        (),
        quote="Cards with Armor cannot be subverted and cannot be substituted out-of-play",
    ),
    Case(
        "toe mythic cards how many copies can i have in play",
        TITANS,
        (),
        quote="then you can only have one copy of it in play",
    ),
    Case(
        "wounded on a card with 3 power, do you round up or down",
        TITANS,
        (),
        quote="round up to the nearest whole number",
    ),
    Case(
        "harmless vs bolster which applies first",
        TITANS,
        (),
        quote="Harmless is calculated before bolstering",
    ),
    Case(
        "titans: can one card have two of the same subversion on it",
        TITANS,
        (),
        quote="Each card can only be subverted with one subversion of each type.",
    ),
    Case(
        "flash ability is it optional",
        TITANS,
        (),
        quote="This is not optional; you must play another card.",
    ),
    Case(
        "toe spite: what happens when i lose a temple",
        TITANS,
        (),
        quote="your opponent gains 2 Ghosts, which are immediately shuffled into their deck",
    ),
)
