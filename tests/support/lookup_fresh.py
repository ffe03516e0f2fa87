"""A third question set for the judges' lookup, held out from its third round of work.

Written on 2026-11-25 before the third round (the game-vocabulary thesaurus, issue 14) and
committed on its own before any of that work, so that it measures whether the thesaurus and the
ranking changes generalize. The questions are in players' words, on topics the other two sets
touch little or not at all, and none was written from the synonym table or the thesaurus. Each
names the section(s) that answer it, in the same form as the main set (rank_of there decides
whether a result answers).
"""

from .lookup_questions import CORE, POLICIES, Case


def _core(question: str, *answers: str) -> Case:
    return Case(question, CORE, answers)


# Questions Core Rulebook 5.2 answers.
CORE_CASES = [
    _core("can my champion trade spots with one of my summons", "Switch"),
    _core("can I kill my own creature on purpose", "Sacrifice"),
    _core("can my guy jump to a spot instead of walking", "Hop"),
    _core("what does quick do to a card", "Quick"),
    _core("what happens after everyone has taken their turn this round", "Completion of Round"),
    _core("can I pay for an ability with life", "Paying HP"),
    _core("how do I get a dead minion back onto the board", "Resurrect Beckon"),
    _core("how do I win a game", "Conditions for Winning the Game"),
    _core("what counts as a permanent", "Permanent", "Permanents in the Arena"),
    _core(
        "do I have to show my opponent my sideboard",
        "Lock and Show",
        "The Process for Lock and Show",
        "The Forethoughts Explained",
    ),
    _core("how far away can a ranged attack hit", "Range Attack [X]"),
    _core("some cards make me throw away cards from my hand to use them", "Paying Discard"),
    _core(
        "does my opponent get a chance to answer before my ability happens",
        "Using The Stack",
        "Passing of Priority",
        "Priority",
        "Resolving a Stack",
    ),
    _core("where do my attached equipment cards sit", "The Skill Zone"),
    _core("does a counter attack still hit back if my guy is dead", "Counter Attack [X]"),
    _core("how many cards do I draw every round", "Beginning of Round"),
    _core("can I move and then attack in one turn", "Turn Order"),
    _core("where do dead summons go", "Died/Dies", "The Discard Pile (Memories)", "Kill(ed)"),
    _core("what kinds of cards are in the game", "Card Types", "Types of Cards in Genesis"),
    _core("what is the number in the corner of my champion card for health", "A- Starting Health"),
    _core("what does it mean when a card says enemy", "Enemy (Enemies)"),
    _core("can an alteration I create go on top of a summon", "Create"),
    _core("how do I pay the exert cost of an ability", "Paying Exert", "Exert"),
    _core("what does push do if something is in the way", "Push"),
    _core("does the stack resolve first in first out", "Resolving a Stack", "Using The Stack"),
]

# Questions the service policies answer.
POLICY_CASES = [
    Case("what if I show up late to the event", POLICIES, ("Late entry and drops",)),
    Case(
        "is there a top 8 playoff after the swiss rounds",
        POLICIES,
        ("Top cut", "Top cut and placings"),
    ),
    Case("what happens if a game ends in a tie", POLICIES, ("Drawn games",)),
    Case("can I give up the match before it is over", POLICIES, ("Concession",)),
    Case("what happens if I get disqualified", POLICIES, ("Penalties",)),
]

OTHER_CASES: list[Case] = []
