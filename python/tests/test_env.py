"""The game-playing environment (seega.env): PettingZoo's own API test, the action mask against
the library's legal turns, and random games through the environment that `seega check` finds
valid.

These tests need the extra (pip install seega[env]); they are skipped without it, unless
SEEGA_REQUIRE_ENV is set (as in CI), when they fail instead.
"""

import os
import random
import subprocess
import sys

import pytest

import seega
from conftest import cli_path

try:
    import numpy as np
    from pettingzoo.test import api_test

    HAVE_EXTRA = True
except ImportError:
    HAVE_EXTRA = False

# Rulesets: 5×5 (standard, ludus with forced captures, ludii with passes and no chains) and
# 7×7 (seesa, whose chains go on with any step).
RULES = ["standard", "ludus", "ludii", "seesa", "standard size=7"]


@pytest.fixture
def senv():
    """The module seega.env, or a skip (a failure under SEEGA_REQUIRE_ENV) without the extra."""
    if not HAVE_EXTRA:
        if os.environ.get("SEEGA_REQUIRE_ENV"):
            pytest.fail("pettingzoo and numpy are not installed and SEEGA_REQUIRE_ENV is set")
        pytest.skip("pettingzoo and numpy are not installed: pip install seega[env]")
    import seega.env

    return seega.env


def play_random(game, rng):
    """Plays `game` (a raw_env, reset) to its end with random actions of the mask. Returns the
    actions taken, the rewards that `last()` handed each agent, and how many actions were an
    `end` after steps (a chain stopped where it could go on)."""
    end = game.action_space("black").n - 1
    actions, rewards, chain_ends, mid_turn = [], {"black": 0, "white": 0}, 0, False
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        rewards[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0, game.record()
        action = int(legal[rng.randrange(len(legal))])
        turns = len(game.turns())
        chain_ends += action == end and mid_turn
        game.step(action)
        mid_turn = len(game.turns()) == turns
        actions.append(action)
    return actions, rewards, chain_ends


def check(archive):
    """`seega check` on `archive`: its exit code and its summary line."""
    path = cli_path()
    if path is None:
        if os.environ.get("SEEGA_REQUIRE_CLI"):
            pytest.fail("the seega command is not built (cargo build) and SEEGA_REQUIRE_CLI is set")
        pytest.skip("the seega command is not built: run cargo build")
    done = subprocess.run([str(path), "check", str(archive)], capture_output=True, check=False)
    return done.returncode, done.stdout.decode().strip(), done.stderr.decode()


def test_importing_seega_needs_no_extra():
    """`import seega` works without PettingZoo and NumPy; `import seega.env` says what to
    install."""
    code = (
        "import sys\n"
        "sys.modules.update(numpy=None, pettingzoo=None, gymnasium=None)\n"
        "import seega\n"
        "print(len(seega.Position().legal_turns()))\n"
        "try:\n"
        "    import seega.env\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "276",
        "seega.env needs PettingZoo and NumPy: pip install seega[env]",
    ]


# PettingZoo's recommendations that the environment does not follow, as its classic games do
# not: a dict of the observation and the mask (for the mask), and agents named for the sides.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:We recommend agents to be named")
@pytest.mark.parametrize(
    "rules", ["standard", "ludii", "standard size=7", "seesa", "standard size=9"]
)
def test_pettingzoo_api_test_passes(senv, rules):
    api_test(senv.env(rules=rules), num_cycles=400)
    api_test(senv.raw_env(rules=rules, max_turns=100), num_cycles=400)


@pytest.mark.parametrize("rules", ["standard", "standard size=7", "standard size=9"])
def test_spaces_follow_the_board(senv, rules):
    game = senv.raw_env(rules=rules)
    game.reset()
    n = seega.Position(rules).size
    assert game.action_space("white").n == 5 * n * n + 1
    obs = game.observe("black")
    assert obs["observation"].shape == (n, n, 7)
    assert obs["action_mask"].shape == (5 * n * n + 1,)
    assert obs["observation"].dtype == obs["action_mask"].dtype == np.int8
    # The start: every square empty, every piece in hand; no turn under way.
    planes = obs["observation"]
    assert planes[:, :, 2].all() and not planes[:, :, [0, 1, 5, 6]].any()
    pieces = {5: 12, 7: 24, 9: 40}[n]
    assert (planes[:, :, 3] == pieces).all() and (planes[:, :, 4] == pieces).all()
    assert game.observation_space("black").contains(obs)


def test_the_start_mask_is_the_legal_placements(senv):
    """On 5×5 the first actions are the squares of the library's 276 placements, and the
    second those that make one with the first: exploring the mask plays each placement, in
    either order, and nothing else."""
    game = senv.raw_env()
    game.reset()
    legal = seega.Position().legal_turns()
    assert len(legal) == 276
    first = np.flatnonzero(game.observe("black")["action_mask"])
    assert len(first) == 24 and 12 not in first  # every square but the centre, c3
    reached = []
    for a in first:
        game.reset()
        game.step(int(a))
        assert game.agent_selection == "black" and game.turns() == []
        second = np.flatnonzero(game.observe("black")["action_mask"])
        for b in second:
            game.reset()
            game.step(int(a))
            game.step(int(b))
            reached.append(game.turns()[-1])
            assert game.agent_selection == "white"
    assert sorted(set(reached), key=str) == sorted(legal, key=str)
    assert all(reached.count(t) == 2 for t in legal)


def explore(make, history, end):
    """The turns that the action mask lets the side to move play after `history` (actions from
    the start), each reached by every sequence of masked actions; a new game per sequence."""
    game = make()
    for a in history:
        game.step(a)
    played = len(game.turns())
    turns = []
    stack = [[]]
    while stack:
        prefix = stack.pop()
        game = make()
        for a in history + prefix:
            game.step(a)
        if len(game.turns()) > played:
            turns.append(game.turns()[-1])
            continue
        mask = game.observe(game.agent_selection)["action_mask"]
        for a in np.flatnonzero(mask):
            assert a != end or prefix or len(np.flatnonzero(mask)) == 1, "a pass beside turns"
            stack.append(prefix + [int(a)])
    return turns


@pytest.mark.parametrize("rules", RULES)
def test_the_mask_plays_exactly_the_legal_turns(senv, rules):
    """At turn starts of a random game, every sequence of masked actions plays one of the
    library's legal turns, and each of them is reached (a placement twice, once each order)."""
    rng = random.Random(rules)

    def make():
        game = senv.raw_env(rules=rules, max_turns=None)
        game.reset()
        return game

    end = make().action_space("black").n - 1
    actions, _, _ = play_random(make(), rng)
    # The turn starts: the counts of actions after which a turn was complete.
    starts, replay = [], make()
    for i, a in enumerate(actions):
        turns = len(replay.turns())
        replay.step(a)
        if len(replay.turns()) > turns and i + 1 < len(actions):
            starts.append(i + 1)
    for s in sorted(rng.sample(starts, min(8, len(starts)))):
        replay = make()
        for a in actions[:s]:
            replay.step(a)
        position = seega.Position(rules)
        for turn in replay.turns():
            position = position.play(turn)
        legal = position.legal_turns()
        assert replay.legal_turns() == legal
        reached = explore(make, actions[:s], end)
        assert sorted(set(reached), key=str) == sorted(legal, key=str), replay.record()
        assert len(reached) == len(legal) * (2 if position.phase == "placement" else 1)


def test_random_games_all_check_valid(senv, tmp_path):
    """1,000 seeded random games through the environment, under five rulesets: `seega check`
    finds every record valid, and each game's rewards are its result."""
    rng = random.Random(35)
    records, ends, chain_ends = [], {}, 0
    for i in range(1000):
        rules = RULES[i % len(RULES)]
        max_turns = 150 if "7" in rules or rules == "seesa" else 300
        game = senv.raw_env(rules=rules, max_turns=max_turns)
        game.reset()
        _, rewards, chained = play_random(game, rng)
        chain_ends += chained
        record = game.record()
        outcome = game.outcome
        if outcome is None:
            assert len(game.turns()) == max_turns and rewards == {"black": 0, "white": 0}
            assert record.split()[-1] == "*"
        else:
            result = outcome[1]
            assert record.split()[-1] == result
            expected = {"1-0": (-1, 1), "0-1": (1, -1), "1/2-1/2": (0, 0)}[result]
            assert (rewards["black"], rewards["white"]) == expected
        end = outcome[0] if outcome else "cut"
        ends[end] = ends.get(end, 0) + 1
        records.append(record)
    archive = tmp_path / "random.sgn"
    archive.write_text("\n".join(records))
    code, summary, errors = check(archive)
    expected = "1 file, 1000 games: 1000 valid, 0 invalid (0 errors, 0 warnings)"
    assert (code, summary) == (0, expected), errors
    # The games are varied: ended by rule in more than one way, and cut; chains were stopped.
    assert len(ends) >= 3 and ends.get("cut", 0) < 1000, ends
    assert chain_ends > 0


def test_an_illegal_action_is_refused(senv):
    """The raw environment raises; the wrapped one ends the game with -1 for the offender, as
    PettingZoo's classic games do."""
    game = senv.raw_env()
    game.reset()
    with pytest.raises(ValueError, match="action 12 is not legal here"):
        game.step(12)  # c3, the centre, is not placed on
    with pytest.raises(ValueError, match="action 30 is not legal here"):
        game.step(30)  # a step in the placement phase
    with pytest.raises(ValueError, match="action 126 is not legal here"):
        game.step(126)
    with pytest.raises(TypeError):
        game.step(1.0)
    game.step(np.int64(0))
    with pytest.raises(ValueError, match="action 0 is not legal here"):
        game.step(0)  # a1 again

    wrapped = senv.env()
    wrapped.reset()
    wrapped.step(12)
    _, reward, terminated, _, _ = wrapped.last()
    assert terminated and reward == -1
    with pytest.raises(AssertionError):
        fresh = senv.env()
        fresh.reset()
        fresh.step(126)  # out of the action space


def test_a_game_from_a_position(senv, cli):
    """From a position string: a step that captures white's last piece ends the game; the
    record has the Position tag, checks valid, and black is rewarded."""
    game = senv.raw_env(position="5/1b3/1w3/5/1b3 b")
    game.reset()
    assert game.agent_selection == "black"
    b1_up = 25 + 4 * 1 + 0
    assert game.action_text(b1_up) == "step b1 up"
    game.step(b1_up)
    assert game.turns() == [seega.Turn.from_string("b1-b2xb3")]
    assert game.outcome == ("capture-all", "0-1")
    assert game.terminations == {"black": True, "white": True}
    assert game.rewards == {"black": 1, "white": -1}
    assert game.record() == (
        '[Result "0-1"]\n[Rules "standard"]\n[Position "5/1b3/1w3/5/1b3 b"]\n\n1. b1-b2xb3 0-1\n'
    )
    assert "1 game: 1 valid" in cli("check", "-", stdin=game.record().encode()).decode()


def test_observations_are_from_the_agents_side(senv):
    """After black's a1,b1 the planes show the pieces as `Position.board` does, black's own
    for black and the other side's for white; in a placement the first square is marked."""
    game = senv.raw_env()
    game.reset()
    game.step(0)  # place a1
    turn_so_far = game.observe("white")["observation"][:, :, 5]
    assert turn_so_far[4, 0] == 1 and turn_so_far.sum() == 1  # a1: rank 1 is the last row
    game.step(1)  # place b1
    board = np.array(seega.Position().play(game.turns()[0]).board())
    black, white = game.observe("black")["observation"], game.observe("white")["observation"]
    assert (black[:, :, 0] == (board == "b")).all() and (white[:, :, 1] == (board == "b")).all()
    assert (black[:, :, 1] == (board == "w")).all() and (white[:, :, 0] == (board == "w")).all()
    assert (black[:, :, 3] == 10).all() and (white[:, :, 4] == 10).all()
    assert (white[:, :, 3] == 12).all()
    assert not game.observe("black")["action_mask"].any()  # white acts now


def test_truncation_and_arguments(senv, cli):
    game = senv.raw_env(max_turns=3)
    game.reset()
    rng = random.Random(3)
    play_random(game, rng)
    assert len(game.turns()) == 3 and game.outcome is None
    assert game.truncations == {} and game.agents == []  # both agents stepped out
    assert "1 game: 1 valid" in cli("check", "-", stdin=game.record().encode()).decode()
    with pytest.raises(ValueError, match="max_turns"):
        senv.raw_env(max_turns=0)
    with pytest.raises(ValueError, match="render_mode"):
        senv.raw_env(render_mode="human")
    with pytest.raises(ValueError):
        senv.raw_env(rules="standard size=6")
    with pytest.raises(ValueError, match="position"):
        senv.raw_env(position="7/7/7/7/7/7/7 b")
    game = senv.raw_env(render_mode="ansi")
    game.reset()
    assert "black to move, placement phase" in game.render()
    assert [game.action_text(a) for a in (0, 24, 25, 28, 125)] == [
        "place a1",
        "place e5",
        "step a1 up",
        "step a1 left",
        "end",
    ]
    with pytest.raises(ValueError, match="action 126 is not an action"):
        game.action_text(126)


def test_a_seed_repeats_the_games(senv):
    def sampled(seed):
        game = senv.raw_env()
        game.reset(seed=seed)
        for agent in game.agent_iter():
            obs, _, terminated, truncated, _ = game.last()
            action = None
            if not (terminated or truncated):
                action = game.action_space(agent).sample(obs["action_mask"])
            game.step(action)
        return game.record()

    assert sampled(7) == sampled(7)
    assert sampled(7) != sampled(8)


def test_a_position_where_the_game_is_over_is_refused(senv):
    """A game that is over at its start would leave the agent to move with no action: refused,
    saying why, and an action out of range is worded as the others."""
    with pytest.raises(ValueError, match=r"position: the game is over there \(capture-all, 0-1\)"):
        senv.raw_env(position="5/5/5/5/1b3 w")
    game = senv.raw_env()
    game.reset()
    assert game.action_text(0) == "place a1" and game.action_text(125) == "end"
    for bad in (-1, 126, 2**80):
        with pytest.raises((ValueError, OverflowError), match=r"is not an action|too large"):
            game.action_text(bad)
