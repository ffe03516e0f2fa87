"""A fifth question set for the judges' lookup, held out from its sixth round of work.

Written on 2026-11-27 by a separate author who had not seen the synonym table, the topic index
or the ranking code, before the sixth round of lookup work, and committed on its own before any
of that work, so that it measures whether that work generalizes. The questions are in players'
words (some in other card games' words: Magic, Hearthstone, Yu-Gi-Oh, Pokémon), spread over the
whole rulebook with a preference for sections the other four sets do not ask about, and over
service policies not asked before. Each names the section(s) that answer it, in the same form as
the main set (rank_of there decides whether a result answers).
"""

from .lookup_questions import CORE, POLICIES, Case


def _core(question: str, *answers: str) -> Case:
    return Case(question, CORE, answers)


# Questions Core Rulebook 5.2 answers.
CORE_CASES = [
    # layers, cards and zones
    _core(
        "when a card says 'you' does that mean me the player or my champion",
        "The Second Layer",
        "Game Layers",
    ),
    _core(
        "can my champion get bounced back to my hand like a minion in hearthstone",
        "Champion Cards",
    ),
    _core("what is the little world icon on my champion card for", "E- World Symbol"),
    _core(
        "do any cards get played face down like a set trap in yugioh",
        "The Playmat (Arena)",
        "Enter (the Arena)",
    ),
    _core(
        "my opponent searched their deck for a card, do they have to shuffle it after",
        "The Deck (Timeline)",
    ),
    _core(
        "I don't own enough copies of the token card, can I just use a proxy or a coin for it",
        "The Out of Game Zone (Subconscious)",
    ),
    _core(
        "I put an enchantment on my opponent's summon, whose skill zone does it sit in",
        "The Skill Zone",
    ),
    _core(
        "can I bring in a card from my sideboard halfway through a game",
        "The Forethoughts Explained",
    ),
    # rounds, turns and movement
    _core(
        "do 'at the start of the round' effects happen before or after we draw our card",
        "Beginning of Round",
    ),
    _core(
        "can I do a full 180 in my move phase and still play cards after",
        "Rotate",
        "Turn Order",
        "Rotation as a Part of the Move Phase",
    ),
    _core(
        "when a card slides my guy over a square, do I also get to turn him",
        "Moving as a Part of an Ability",
    ),
    _core(
        "does putting a unit on a square with a place effect count as it moving",
        "Place",
        "Place/Placing",
    ),
    _core(
        "a card brings my minion back from the graveyard, which way is it facing",
        "Placing from the Memories",
    ),
    _core(
        "what happens if I push someone and they're already up against the edge of the board",
        "Away",
        "Push",
    ),
    _core(
        "my opponent's champion is pinned, can I still swap places with it using decoy",
        "Switch",
        "Pinned",
    ),
    _core("an old card of mine says advance, what does that do", "Advance (deprecated)"),
    # awareness, targets and playing abilities
    _core(
        "does the square my guy is standing on count as part of his range",
        "Awareness",
        "D- Awareness",
    ),
    _core("can a card target an empty square instead of a unit", "Target (spot)"),
    _core(
        "can something target a spell that's on the stack instead of a creature", "Target (ability)"
    ),
    _core(
        "when I play a card do I pick my targets before or after I pay for it",
        "To Play any Active Ability",
        "Declaring Targets",
    ),
    _core(
        "when my summon attacks do I have to pick its card up off the board and put it on the stack",
        "To Play an Ability from a Combatant",
    ),
    _core("what does the black box on the left side of an ability mean", "Anatomy of Abilities"),
    _core(
        "one card says I can do something and another card says I can't, which one wins",
        "Abilities in Genesis",
    ),
    # costs
    _core("is there any way to get my aura back once I've spent it", "Aura", "B- Starting Aura"),
    _core(
        "my champion has energy reduction 2 and the technique only costs 1, do I get a card back",
        "Energy Reduction",
        "The Costs of Abilities",
        "C- Energy Reduction",
    ),
    _core(
        "if paying life for a card puts my champion at exactly zero do I just lose",
        "Paying HP",
        "Lose/Loss (the game)",
    ),
    # the stack and speeds
    _core(
        "is there anything like split second in magic where nobody can respond",
        "Passive Abilities",
        "Speeds of Abilities",
    ),
    _core(
        "if my summon dies while its attack is still waiting in the chain, does the attack still go off",
        "Resolving a Stack",
    ),
    # combat, ailments and keywords
    _core("what's the difference between attack resistance and cast resistance", "Resistance"),
    _core(
        "my opponent's summon is tiny, does my area attack still hit it", "Tiny", "Area Attack [X]"
    ),
    _core(
        "what counts as a status condition in this game, like poison or paralysis in pokemon",
        "Ailments",
    ),
    _core(
        "my guy got cleansed but he's still standing next to the fire pillar, does he get burned again",
        "Adding and Removing Ailments and Keyword Abilities",
    ),
    _core(
        "if my summon loses flight from a card does it get it back next round",
        "Lose/Loss",
        "Adding and Removing Ailments and Keyword Abilities",
    ),
    _core(
        "if I put an enchantment on my summon can the summon use what's on it",
        "Skill",
        "Enchant",
    ),
    _core("are traps and walls combatants", "Combatant", "Non-Champion Cards"),
    _core(
        "what's the difference between a trap being destroyed and a summon being killed",
        "Destroyed",
        "Kill(ed)",
    ),
    _core("a card says I must do something but I can't, what happens", "Must"),
    # copying and ownership
    _core(
        "if I copy my opponent's trap do I need my own copy of that card",
        "Copying an Ability that Places an Alteration in the Arena",
    ),
    _core(
        "can I copy an enchantment my opponent has equipped on their champion",
        "Copying an Ability that Attaches a Skill",
    ),
    _core(
        "if my opponent steals my summon and it dies, whose discard pile does it go to",
        "Owner",
        "Damage Resolution",
    ),
]

# Questions the service policies answer.
POLICY_CASES = [
    Case(
        "do my token cards count toward my deck's chi on the site",
        POLICIES,
        ("Subconscious cards",),
    ),
    Case(
        "the deck checker says my 53 card deck is illegal but the old rules said at least 50",
        POLICIES,
        ("Older rulebooks",),
    ),
    Case("game 2 was a draw, who picks who goes first in game 3", POLICIES, ("Who leads",)),
    Case(
        "do we decide who goes first before or after we sideboard",
        POLICIES,
        ("Order between games",),
    ),
    Case(
        "the two examples in the rulebook give phyr cub different hp, which one does the app use",
        POLICIES,
        ("Phyr Cub",),
    ),
    Case(
        "my bot game has been going forever, is there a limit on rounds", POLICIES, ("Round cap",)
    ),
    Case(
        "if I pay energy with the last cards in my deck does my spell still go off in the app",
        POLICIES,
        ("Paying a cost that empties your timeline",),
    ),
    Case(
        "in the app turning my champion all the way around skipped my main phase, is that right",
        POLICIES,
        ("Move phase",),
    ),
]

OTHER_CASES: list[Case] = []
