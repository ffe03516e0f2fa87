"""A sixth question set for the judges' lookup, held out from the sixth round of work.

Written on 2026-11-27 by a separate author who had not seen the synonym table, the topic index,
the ranking code or the misses of the other sets, during the sixth round of lookup work, and
committed on its own before that round's later changes; it is measured only at the round's end,
so that it shows whether those changes generalize. The questions are in players' words (some
terse, some long-winded, some in other games' words: Magic, Hearthstone, Yu-Gi-Oh, Flesh and
Blood, chess), spread over the whole rulebook and over service policies, and none repeats a
question of the other five sets. Each names the section(s) that answer it, in the same form as
the main set (rank_of there decides whether a result answers).
"""

from .lookup_questions import CORE, POLICIES, Case


def _core(question: str, *answers: str) -> Case:
    return Case(question, CORE, answers)


# Questions Core Rulebook 5.2 answers.
CORE_CASES = [
    # setup and zones
    _core(
        "setting up for game 1, do my token cards go face up or face down next to my deck?",
        "How to Start a Game",
        "The Out of Game Zone (Subconscious)",
    ),
    _core(
        "can an effect that grabs a card from my subconscious pull something out of my sideboard instead",
        "The Forethoughts Explained",
        "Play Space and Zones",
    ),
    # rounds, turns and phases
    _core("blitz summon get a turn same round?", "Blitz", "Turn Order"),
    _core(
        "is there an upkeep step? where do my 'at the start of your turn' effects happen",
        "Turn Order",
    ),
    _core("what's the swift step", "Turn Order", "Completion of Round"),
    _core(
        "all our guys are exerted, is there still a window to throw out swift cards before the new round",
        "Completion of Round",
    ),
    _core(
        "an immediate ability and a trigger go off from the same thing, which one happens first",
        "Order of Events",
        "Passive Abilities",
    ),
    # movement, rotation and placing
    _core(
        "can I move diagonal like a king in chess during my move phase",
        "Moving as a Part of the Move Phase",
        "Adjacent",
    ),
    _core(
        "a card teleports my champion to the other side of the board, does that count as him "
        "leaving his square for stuff that cares about that",
        "Placing from Within the Arena",
        "Place",
        "Leave/Leaves (a Spot)",
    ),
    _core(
        "I build a wall from my hand and it doesn't say which way it faces, do I get to choose",
        "Placing from the Thoughts",
    ),
    _core(
        "pulled a token summon from my subconscious and the card doesn't say which way it faces, who decides",
        "Placing from the Subconscious",
    ),
    _core(
        "can I beckon my summon onto the square diagonal from my champion",
        "Beckon",
        "Adjacent",
        "Placing from the Thoughts",
    ),
    _core(
        "my champion got stunned this round and my opponent has a card that shoves him back a "
        "square, can they still push him around or is he stuck in place",
        "Stun",
        "Push",
    ),
    # awareness, line of sight and targets
    _core("do units block line of sight", "Line of Sight"),
    _core(
        "when I cast a spell from my hand does it use my champion's red dots or the awareness "
        "printed on the spell",
        "Declaring Targets",
        "Awareness",
    ),
    # attacks and damage
    _core(
        "can a single attack be fire and water at the same time",
        "Elemental Attack [X]",
        "Attributes (Damage)",
    ),
    _core(
        "their shield prevents more than my attack does, does the leftover do anything or does it just go to 0",
        "Damage Resolution",
    ),
    _core(
        "my summon has a 'whenever this takes damage' trigger, does it still go off if the hit kills it",
        "Damage Resolution",
    ),
    _core(
        "lifesteal attack on a summon that's weak to the same element, do I drain an extra point",
        "Drain Attack [X]",
        "Elemental Weakness",
    ),
    _core(
        "card says my target loses 2 HP, like life loss in flesh and blood, can their damage "
        "prevention stop it",
        "HP Loss",
        "Prevent",
        "Damage",
    ),
    _core("decay ignore armor?", "Decay"),
    _core(
        "opponent dropped a wall right in front of my champion and it's blocking my path, can I "
        "just basic attack it until it breaks",
        "Destroyed",
        "Permanents in the Arena",
        "Target (anything)",
    ),
    # keywords
    _core("card has count and break on it, how do the counters work", "Count", "Break"),
    _core(
        "my card says modify stack [2], is that like a chain link 2 bonus in yugioh",
        "Modify Stack [X]",
    ),
    _core("card says brand stun, is that different from regular stun", "Brand", "Stun"),
    _core(
        "I'm beckoning a summon with death touch 2 and the only other summon around it is my own "
        "1 hp guy, does it kill my own guy",
        "Death Touch [X]",
    ),
    _core("can decoy summon swap my champion with one of my summons", "Decoy Summon", "Decoy"),
    _core(
        "my dragon has aerial, can my opponent still burn it with spells or only hit it with ranged attacks",
        "Aerial",
    ),
    _core("does energy reduction lower fatigue", "Fatigue [X]"),
    # the stack and speeds
    _core(
        "can I chain two of my own swift cards back to back or does my opponent always get a "
        "chance to respond in between",
        "Using The Stack",
        "Passing of Priority",
    ),
    _core("static abilities use the stack?", "Passive Abilities", "Speeds of Abilities"),
    # costs
    _core("can my 2 hp summon use an ability that costs 3 hp", "Paying HP"),
    _core("green number on champion card?", "C- Energy Reduction", "Paying Energy"),
    # timeline building, forethoughts
    _core(
        "my old alpha cards have the symbols in weird places, where's the chi on them",
        "Building a Standard Constructed Timeline",
    ),
    _core(
        "sideboarding: do the cards I bring in have to add up to the same chi as the ones I take out",
        "The Process for Lock and Show",
    ),
    # winning and losing
    _core(
        "I have zero cards in hand, is that a loss like decking out",
        "Conditions for Winning the Game",
        "Lose/Loss (the game)",
    ),
    # copying, sacrifice, enchantments and skills
    _core(
        "if I copy my opponent's champion's ability do I have to pay its cost too",
        "Copying an Ability from a Champion",
    ),
    _core(
        "my opponent cursed my champion, can I sacrifice the curse to get rid of it", "Sacrifice"
    ),
    _core(
        "does an enchantment ever cost me anything after it's attached, like upkeep in magic",
        "Enchant",
    ),
    _core(
        "if a card gives my summon flight, how long does it keep it",
        "Gain(s)",
        "Adding and Removing Ailments and Keyword Abilities",
    ),
]

# Questions the service policies answer.
POLICY_CASES = [
    Case(
        "it's my turn to activate something but all my guys are exerted and my opponent still "
        "has two summons left, what does the app do",
        POLICIES,
        ("No un-exerted combatant",),
    ),
    Case(
        "app dealt me 6 cards before my very first turn, is that a bug", POLICIES, ("First round",)
    ),
    Case("which square does my champion start on in the online arena", POLICIES, ("Arena",)),
    Case(
        "brought my summon back from the discard pile in the app and it turned to face the same "
        "way as my champion, why",
        POLICIES,
        ("Placing from the memories",),
    ),
    Case("does air shield reduce damage or prevent it in the engine", POLICIES, ("Air Shield",)),
    Case(
        "we typed in 2-1 for the match without entering each game, what does the site record",
        POLICIES,
        ("Whole-match results",),
    ),
    Case(
        "the judge tried to correct our match to 2-0 but the site rejected it, it already said 2-0",
        POLICIES,
        ("Corrections",),
    ),
    Case(
        "I have two triggers going off at once in an online game, who chooses their order",
        POLICIES,
        ("Simultaneous triggers",),
    ),
]

OTHER_CASES: list[Case] = []
