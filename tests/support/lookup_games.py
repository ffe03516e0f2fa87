"""Rules-lookup questions for the other games' rulebooks: Grand Archive, Titans of Eden, and a
few about Genesis that name the game.

Written on 2026-11-28, before the per-game lookup work, by an author who never saw the ranking,
its synonyms or topics, nor the other question sets: each question was written from the
rulebook texts in ../shared/seeds alone, in the words players type at a table or in a chat
(terse, long-winded, misspelt, or in Magic, Hearthstone, Yu-Gi-Oh or Pokémon terms).

About half of each game's questions name the game ("in grand archive", "GA:", "titans of eden",
"toe"...) and the rest do not; the Genesis questions all name it. Nothing marks which: the
measuring code asks each question as typed, with and without the game chosen.

These books are scraped without headings, so a case names no heading: its `quote` is a few
words copied byte for byte from one sentence of the passage that answers it, chosen so that
only an answering passage contains them. tests/rules/test_lookup_games_quotes.py checks that
every quote is in its book.
"""

from tests.support.lookup_questions import genesis_case as _genesis
from tests.support.lookup_questions import grand_archive_case as _ga
from tests.support.lookup_questions import titans_case as _toe

GRAND_ARCHIVE_CASES = (
    # Deck construction and copies of a card (the limit, not copy effects)
    _ga(
        "GA how many copies of a card can I play in my deck",
        "a maximum of four copies of a card with the same name",
    ),
    _ga("minimum deck size grand archive constructed", "Main decks can have a minimum of 60 cards"),
    _ga(
        "how many cards can my material deck have and can i run 2 of the same regalia",
        "Material decks can have a maximum of 12 cards",
    ),
    _ga(
        "grand archive sideboard how do the points work for champions",
        "Sideboards use a 15 point system",
    ),
    _ga(
        "deck size for draft in grand archive?", "Main decks can have a minimum 30-count main deck"
    ),
    _ga(
        "what is divine relic",
        "only have one card with this keyword in your material deck",
    ),
    # Starting the game and the turn
    _ga(
        "GA: does the player going first draw a card on turn one",
        "the first turn player also skips their Draw Phase",
    ),
    _ga(
        "do i shuffle my opponents deck before the game or just cut it",
        "Players present their main decks to their opponents to shuffle and/or cut",
    ),
    _ga(
        "can i materialize my lv0 champion from the material deck",
        "Players may not materialize Level 0 champions.",
    ),
    _ga(
        "grand archive turn structure phases in order",
        "Turn order follows Wake Up, Materialize, Recollection, Draw, Main, and End phases",
    ),
    _ga(
        "can I materialize two things in one turn in grand archive",
        "may only materialize a card once per materialize phase",
    ),
    _ga(
        "when do my reserved cards come back to my hand",
        "returns all cards in their memory zone to their hand",
    ),
    # Costs
    _ga(
        "grand archive how do i pay reserve cost, is it like mana in magic",
        "paid by reserving cards into the memory zone from the hand",
    ),
    _ga(
        "memory cost - do i pick which cards get banished or is it random",
        "require banishing cards from cards in the memory zone at random",
    ),
    _ga(
        "if i cast an X spell for free what is X",
        "X must be chosen as 0",
    ),
    # Champions, levels, regalia, unique
    _ga(
        "GA how do i evolve my champion like in pokemon, which level goes on top",
        "a champion whose base level is N+1 is selected",
    ),
    _ga(
        "my champion was rested when it leveled up, does it wake up?",
        "if a rested champion levels up, it will remain rested",
    ),
    _ga(
        "regalia destroyed does it go to the graveyard",
        "If a regalia card would be put into a graveyard",
    ),
    _ga(
        "grand archive unique - can i have two of the same unique object out",
        "may only control 1 unique object on the field with that name",
    ),
    _ga(
        "which elements can I play without unlocking anything",
        "The norm element is unlocked innately for all players.",
    ),
    # Zones
    _ga("how many zones are there in grand archive", "There are 9 total zones in Grand Archive"),
    _ga("GA max hand size?", "There is no maximum hand size."),
    _ga(
        "am I allowed to look through my material deck during the game",
        "Players may look at their own material deck at any time.",
    ),
    _ga(
        "does the effects stack resolve last in first out like the chain in yugioh",
        "this zone uses a first-in-last-out (FILO) system",
    ),
    # Combat
    _ga(
        "summoning sickness in GA? can an ally attack the turn it comes out",
        "All units may attack the turn they enter the field",
    ),
    _ga(
        "how does blocking work, can my ally block an attacker",
        "may choose to rest that unit to retaliate against the attacking unit",
    ),
    _ga("can a rested ally retalliate", "already-rested units cannot retaliate"),
    _ga(
        "weapon attack did 0 dmg do i still lose durability",
        "Durability is still removed if the damage dealt is 0",
    ),
    _ga("grand archive can allies use weapons", "Allies cannot use weapons."),
    _ga(
        "taunt rules what do i have to attack first",
        "must target awake units with Taunt over other attackable objects",
    ),
    _ga(
        "GA stealth, how do you attack something with stealth",
        "This unit can't be targeted by attacks unless permitted by True Sight",
    ),
    # Damage
    _ga(
        "does damage on my champion heal at the end of the turn like hearthstone minions",
        "Damage is marked permanently on champions in the form of damage counters",
    ),
    _ga(
        "grand archive when is ally damage removed",
        "Temporary damage marked on allies is removed",
    ),
    # Keywords and glossary
    _ga(
        "critical keyword, do i have to discard to stop the double damage",
        "instead double that damage unless an opponent discards N cards",
    ),
    _ga(
        "agility N what does it do",
        "Return N cards from your memory to your hand",
    ),
    _ga(
        "grand archive if my spell gets countered do i get the cost back",
        "Paid costs are not refunded when something is negated.",
    ),
    _ga(
        "grand archive is a fizzled card negated",
        "fizzled is not considered to have been negated",
    ),
    _ga(
        "grand archive is priority a thing, who can act and when",
        "Opportunity is a concept that governs the activation of cards",
    ),
    # Ending the game
    _ga(
        "GA what happens if i have to draw but my deck is empty",
        "results in an automatic loss, i.e. decking out",
    ),
    _ga(
        "me and my friend were playing and his attack killed my champion but the retaliation killed his champion at the same time, who wins?",
        "in a two-player game losing at the same time",
    ),
)

TITANS_CASES = (
    # Deck construction and copies of a card
    _toe(
        "titans of eden constructed how many cards in a spellbook and how many copies",
        "each player builds a spellbook of exactly 32 cards",
    ),
    _toe(
        "mythic card - can i have two copies of it in play at once",
        "you can only have one copy of it in play",
    ),
    _toe(
        "toe what does Draw 2 mean, the number after an ability",
        "This means that you have two copies of that ability.",
    ),
    # Setup
    _toe(
        "titans of eden startng deck",
        "a starting deck consisting of 8 Monks and 4 Wizards",
    ),
    _toe(
        "how many temples does each player start with in titans of eden",
        "Put 3 tokens on each Temple Mat",
    ),
    _toe(
        "how many ritual piles do you set up", "Each game is played with 16 elemental ritual piles."
    ),
    _toe(
        "advanced setup when do i swap out a warrior",
        "warrior and beast that share an element also share an ability",
    ),
    _toe("how long is a game of titans of eden with 2 players", "2 players: 30-45 minutes"),
    # Ages: playing and awakening
    _toe(
        "TOE who chooses their card first each age",
        "the player with the Avatar Mat selects their card first",
    ),
    _toe(
        "when playing off the top of my deck can i peek at it first",
        "If they choose to play from the top of their deck",
    ),
    _toe(
        "when does a card count as entering play, face down or after the flip",
        "A card officially enters play once it has been flipped faceup.",
    ),
    _toe(
        "titans of eden what if my hand and deck are both empty when i have to play",
        "both your deck and your hand are empty, skip playing",
    ),
    _toe(
        "how many cards can i awaken in one age",
        "You cannot awaken two or more cards.",
    ),
    _toe(
        "can i buy a card that costs more than my energy",
        "cannot awaken a card that costs more than the amount of Energy",
    ),
    _toe(
        "where do cards i awaken go, hand or discard",
        "Each awakened card is put into its awakener's discard pile.",
    ),
    _toe(
        "energy arc what age does it work",
        "give you one Energy during the third age",
    ),
    # Battle and temples
    _toe(
        "titans of eden how do you win a battle",
        "greater than your opponent's total power by two or more",
    ),
    _toe(
        "when do i capture a temple instead of destroying it",
        "If you win the battle and only have one temple",
    ),
    _toe(
        "battle is a tie what happens to the temples",
        "If no one wins the battle, no temples are destroyed or captured.",
    ),
    _toe(
        "toe win condition",
        "because you captured or destroyed their final temple",
    ),
    # Shuffle step and drawing
    _toe(
        "titans end of turn how many cards do i draw",
        "Draw until you have six cards in your hand.",
    ),
    _toe(
        "TOE can i keep cards in hand for next turn",
        "keep any cards in your hand for the next turn",
    ),
    _toe(
        "not enough cards in deck to draw back up to 6",
        "draw your entire deck",
    ),
    _toe(
        "titans of eden draw ability but my deck is empty, do i lose?",
        "no cards remaining in your deck, this ability does nothing",
    ),
    _toe(
        "is there a mulligan in titans of eden",
        "discard your hand and draw one card for each card you discarded",
    ),
    # Team and multiplayer formats
    _toe(
        "3 player titans starting hand size",
        "You start the game with 9 cards in your hand",
    ),
    _toe(
        "6 player game how many temples do we start with",
        "the only game format where Temple Mats start with 2 tokens",
    ),
    _toe(
        "2v2 i won my battle but my teammate lost, do we get a temple",
        "If you win your battle, and your teammate loses their battle",
    ),
    _toe(
        "three arena game im out of temples am i eliminated",
        "You are NOT eliminated if you run out of temples.",
    ),
    # Abilities
    _toe(
        "titans of eden are abilities optional or do i have to use them",
        "All abilities are mandatory, unless they explicitly say that they are optional.",
    ),
    _toe(
        "titans of eden ability priority order reference sheet",
        "each ability is given a priority, with 1 being the highest priority",
    ),
    _toe(
        "do now abilities trigger again next age",
        "Now abilities cannot activate on subsequent ages.",
    ),
    _toe("titans armor what does it do", "Cards with Armor cannot be subverted"),
    _toe(
        "titans of eden sacrifice, where does the card go",
        "permanently remove a card in your hand from the game",
    ),
    _toe(
        "flash is it optional",
        "This is not optional; you must play another card.",
    ),
    _toe(
        "wounded halves power, round up or down",
        "round up to the nearest whole number",
    ),
    _toe(
        "toe harmless and bolster which applies first",
        "Harmless is calculated before bolstering",
    ),
    _toe(
        "stunted + wounded on the same card order",
        "Wounded is applied before Stunted",
    ),
    _toe(
        "titans feral subversion who gets the ability",
        "Abilities on cards subverted with Feral benefit both players.",
    ),
    _toe(
        "can one card get two of the same subversion",
        "Each card can only be subverted with one subversion of each type.",
    ),
)

GENESIS_NAMED_CASES = (
    _genesis(
        "genesis how many cards in a timeline",
        "Constructed format timelines must contain exactly 50 cards",
    ),
    _genesis(
        "genesis how many copies of a card can i put in my deck",
        "have a sum of no more than 250 Chi",
    ),
    _genesis(
        "genesis what happens when a timeline runs out of cards",
        "If your enemy has zero cards left in their timeline",
    ),
    _genesis(
        "genesis sideboard size forethoughts",
        "adding up to a maximum of 100 Chi",
    ),
    _genesis(
        "genesis opening hand how many cards",
        "Both players draw 5 cards for their opening hand.",
    ),
    _genesis(
        "genesis who goes first in game 2 of a best of three",
        "the leading player is determined by the player who lost",
    ),
    _genesis(
        "genesis battle of champions max hand size",
        "has no limit to the number of cards that it can contain",
    ),
    _genesis(
        "in genesis how do you pay an energy cost",
        "from the top of their timeline equal to the Energy cost",
    ),
    _genesis(
        "genesis when can i play action abilities vs swift",
        "They can only be played by a combatant during their Main Phase",
    ),
    _genesis(
        "genesis chain lightning hits the same guy twice, is weakness applied twice",
        "resolve as a single lump sum of damage",
    ),
    _genesis(
        "genesis can i move twice in the move phase",
        "2 moves and/or rotations, then transition to the End Phase",
    ),
    _genesis(
        "how big is the arena in genesis",
        "5x6 rectangular grid, where cards are put onto individual spots",
    ),
    _genesis(
        "genesis lock and show who locks first",
        "The winner of the last game will then proceed to lock",
    ),
    _genesis(
        "genesis sacrifice what can i sacrifice",
        "only sacrifice allies and skills attached to you or your allies",
    ),
    _genesis(
        "genesis start of round do both players draw",
        "both players draw a card for the round",
    ),
)
