"""A second, held-out question set for the judges' lookup: new questions in players' words.

Written on 2026-11-25 before the second round of ranking work (issue 14) and committed on its
own, before any tuning, so that it measures whether that work generalizes: its rates are
reported beside the main set's (tests/support/lookup_questions.py) and must not fall far below
them. The questions use other phrasings and, where possible, other topics than the main set;
none was written from the synonym table. Each names the section(s) that answer it, in the same
form as the main set (rank_of there decides whether a result answers).
"""

from .lookup_questions import CORE, POLICIES, TITANS, Case


def _core(question: str, *answers: str) -> Case:
    return Case(question, CORE, answers)


# Questions Core Rulebook 5.2 answers.
CORE_CASES = [
    _core("is there a cap on how much health a summon can have", "Cure [X]", "Heal [X]", "HP"),
    _core("am I allowed to look through my own deck", "The Deck (Timeline)"),
    _core(
        "where does my spell go if it gets countered",
        "When an Ability “Fails”",
        "Negate",
        "The Discard Pile (Memories)",
    ),
    _core(
        "how many spaces can my guy walk each turn",
        "Turn Order",
        "Moving as a Part of the Move Phase",
    ),
    _core("can a flyer land on a square that already has a card", "Flight"),
    _core("what does grounded mean on a card", "Grounded"),
    _core("my opponent has fear, can my summons still attack", "Fear"),
    _core("with madness do I get to pick the card I throw away", "Madness"),
    _core("can a trap go on an empty square", "Trap"),
    _core("what is the difference between heal and cure", "Heal [X]", "Cure [X]"),
    _core(
        "where do enchantments go once they are attached",
        "The Skill Zone",
        "Enchant",
        "Non-Champion Cards",
    ),
    _core("can a stunned summon still turn to face another way", "Stun"),
    _core("does tossing a unit count as it leaving its square", "Toss"),
    _core("how much extra damage does elemental weakness add", "Elemental Weakness"),
    _core("can I pick any element I want with elemental selection", "Elemental Selection"),
    _core("do alterations block the square they sit on", "Non-Champion Cards"),
    _core("how many squares is the board", "The Playmat (Arena)", "Play Space and Zones"),
    _core("can a pinned creature be moved", "Pinned"),
    _core(
        "is the game over right away when a champion has no health left",
        "Conditions for Winning the Game",
        "A- Starting Health",
        "Lose/Loss (the game)",
        "Paying HP",
    ),
    _core("how do I copy a summon's beckon", "Copying a Beckon Ability from a Summon"),
    _core("does an area attack hurt my own units too", "Area Attack [X]"),
    _core("is my opponent allowed to see the cards I'm holding", "The Hand (Thoughts)"),
    _core("when do until end of turn effects wear off", "Turn Order"),
    _core("can my summons use the cards in my hand", "Non-Champion Cards"),
    _core("does dash let me rotate as well", "Dash"),
    _core(
        "can I aim at something outside my champion's red dots", "Declaring Targets", "D- Awareness"
    ),
    _core("how does warp work", "Warp"),
    _core("when is it too late to respond before damage is dealt", "Damage Resolution"),
    _core("what happens to an enchantment when it is destroyed", "The Skill Zone"),
    _core(
        "can a card from outside the game end up shuffled in my deck",
        "The Out of Game Zone (Subconscious)",
        "Subconscious Cards",
    ),
    _core("what is the chi limit of a deck", "Building a Standard Constructed Timeline"),
    _core("who starts each round", "Beginning of Round", "Leading Player"),
]

# Questions the service policies answer.
POLICY_CASES = [
    Case("how long is a match in a tournament", POLICIES, ("Time",)),
    Case("can I leave the tournament early", POLICIES, ("Late entry and drops",)),
    Case("what is the penalty for a game loss", POLICIES, ("Penalties",)),
]

# Another game's rulebook, searched in it.
OTHER_CASES = [
    Case(
        "how many temples does each player start with",
        TITANS,
        ("Setup", "Multiplayer Formats Quick Reference"),
    ),
]
