"""A fourth question set for the judges' lookup, held out from its fourth round of work.

Written on 2026-11-25 before the fourth round (the topic index, issue 14) and committed on its
own before any of that work, so that it measures whether the topic index generalizes. The
questions are in players' words, on sections the other three sets do not ask about (zones,
rotation, copying, glossary terms, keywords not asked before, and service policies not asked
before). None was written from the synonym table or the topic index. Each names the section(s)
that answer it, in the same form as the main set (rank_of there decides whether a result
answers).
"""

from .lookup_questions import CORE, POLICIES, Case


def _core(question: str, *answers: str) -> Case:
    return Case(question, CORE, answers)


# Questions Core Rulebook 5.2 answers.
CORE_CASES = [
    _core(
        "can I look at the cards my opponent keeps outside the game",
        "The Out of Game Zone (Subconscious)",
    ),
    _core(
        "where does a spell card go after it resolves",
        "The Discard Pile (Memories)",
        "To Play a Card from Hand",
    ),
    _core(
        "if I turn my guy to face another way does he leave his square",
        "Rotate",
        "Leave/Leaves (a Spot)",
    ),
    _core(
        "who decides which way a unit turns if the card doesn't say",
        "Rotation as a Part of an Ability",
    ),
    _core(
        "does my summon get its health back if a card picks it up and puts it somewhere else",
        "Placing from Within the Arena",
    ),
    _core("can my summon spend energy", "Non-Champion Cards", "Energy"),
    _core(
        "what's the difference between a spell and a technique", "Non-Champion Cards", "Card Types"
    ),
    _core("is an alteration on my side an ally", "Non-Champion Cards", "Allies (Ally)"),
    _core(
        "what do I do with a curse card when it resolves",
        "Curse",
        "Champion Curse",
        "The Skill Zone",
    ),
    _core("can I choose to skip part of what a card does", "May", "Abilities in Genesis"),
    _core("if one of the targets in a chain is no longer valid what happens", "Chain"),
    _core("how many squares count as around a unit", "Around"),
    _core("is there a limit on how much I can heal", "Heal [X]", "Cure [X]"),
    _core("can I play an action in response to my opponent's spell", "Speeds of Abilities"),
    _core(
        "when I copy a spell does the copy go to my discard pile",
        "Copying an Ability from a Champion",
    ),
    _core(
        "do I lose if my deck runs out",
        "Conditions for Winning the Game",
        "Lose/Loss (the game)",
        "Paying Energy",
    ),
    _core(
        "what happens to exert tokens and ailments when a summon leaves the board",
        "Leave/Leaves (the Arena)",
    ),
    _core("what does defense on a card mean", "Defense [X]"),
    _core("what's the difference between build and create", "Build", "Create"),
    _core("how do I make extra copies of a summon from my out of game cards", "Replicate [X]"),
    _core("do some cards get stronger when my champion is low on health", "Desperation"),
    _core("my unit can't be hurt by splash damage, which keyword is that", "Indirect Immunity"),
    _core("what kinds of elements can damage have", "Attributes (Damage)", "Element"),
    _core("is the stack a place where cards go", "The Stack"),
    _core("do I have to tell my opponent how I keep track of my life", "How to Start a Game"),
]

# Questions the service policies answer.
POLICY_CASES = [
    Case(
        "my friend doesn't have an account, can they still play in the tournament",
        POLICIES,
        ("Guests",),
    ),
    Case(
        "the organizer paired the round wrong, can it be redone",
        POLICIES,
        ("Re-pairing and swaps",),
    ),
    Case(
        "can other players see my decklist during the event",
        POLICIES,
        ("Decklists and champions",),
    ),
    Case("can a game in the top cut end in a draw", POLICIES, ("Top cut",)),
    Case("do we play best of three or just one game", POLICIES, ("Match settings",)),
]

OTHER_CASES: list[Case] = []
