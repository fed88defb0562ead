"""A game-playing environment: Seega in PettingZoo's AEC API, with an action mask.

``seega.env.env(rules="standard", max_turns=300)`` is the environment as PettingZoo's classic
games make theirs (an illegal action ends the game with a reward of -1 for the side that took
it); ``seega.env.raw_env`` is the bare one, which raises ``ValueError`` for an illegal action.
It needs the extra: ``pip install seega[env]`` (PettingZoo and NumPy).

The agents are ``"black"`` and ``"white"``. The game is the library's: its rules, legal turns
and end are those of ``seega.Position`` and the command.

Actions. A Seega turn is a placement of two pieces (``c2,d4``), a movement of one piece by one
or more steps with captures (``b2-b3xb4``, ``c1-c2xc3-d2``) or a pass (``--``). The action space
is fixed for a board of n×n squares and a turn is played as a sequence of actions, as OpenSpiel
plays moves of several parts; a square's index is ``rank * n + file`` (``a1`` is 0, ``b1`` 1):

- ``place(square)``, action ``square`` (n² actions): a placement's squares, in either order;
- ``step(square, direction)``, action ``n² + 4 * square + direction`` (4·n² actions): the piece
  on ``square`` (or the moving piece, now there) steps up (toward rank n, 0), right (1), down
  (2) or left (3), capturing what the rules capture;
- ``end``, action ``5 * n²``: a pass, or the end of a movement that could go on (a chain that
  may stop there). A movement that cannot go on is complete at its last step.

The side to move acts until its turn is complete, then the side the rules give the next turn
(one side may play twice in a row where the movement phase begins). The action mask holds
exactly the actions that extend the turn so far toward one of the library's legal turns
(``Position.legal_turns()``), so that each legal turn, and no other, can be played.
``action_count`` is 5·n² + 1: 126 on 5×5, 246 on 7×7, 406 on 9×9.

Observations. ``observe(agent)`` is a dict: ``"observation"``, an ``int8`` array of shape
``(n, n, 7)`` seen by ``agent`` (rank n in row 0, file a in column 0), and ``"action_mask"``,
an ``int8`` array of ``action_count`` (all zeros for the side not to act and once the game
ends). The planes: the agent's pieces, the other side's, the empty squares, the agent's pieces
in hand and the other side's (the count on every square), the squares of the turn so far (a
placement's first square, or a moving piece's start and each square it reached) and the square
the moving piece stands on. The first five show the position before the turn: a turn under way
is played on the board when it is complete.

Rewards are given at the end: +1 to the winner and -1 to the loser, 0 each for a draw. The game
ends by the rules (termination), or is cut after ``max_turns`` turns (truncation; ``None`` for
no cut). ``record()`` is the game so far as a record that ``seega check`` reads, written by the
library (tags, move numbers, every capture, the result).
"""

from __future__ import annotations

import operator
from typing import Any, Optional

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError(
        "seega.env needs PettingZoo and NumPy: pip install seega[env]"
    ) from error

from ._seega import Turn, _EnvGame

__all__ = ["env", "raw_env"]

AGENTS = ("black", "white")


def env(**kwargs: Any) -> AECEnv:
    """The environment as PettingZoo's classic games wrap theirs: an illegal action ends the
    game with a reward of -1 for its side, an action out of range raises, and the order of
    calls (``reset`` first) is enforced. ``kwargs`` are ``raw_env``'s."""
    game = raw_env(**kwargs)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv):
    """Seega in PettingZoo's AEC API, without wrappers: see the module's documentation.

    ``rules`` is a ruleset (a preset, then key=value options: ``"standard size=7"``);
    ``position`` a position string to start from instead of the start of the game;
    ``max_turns`` the turns after which the game is cut (truncated), or ``None``;
    ``render_mode`` ``None`` or ``"ansi"`` (``render()`` returns the board as text).
    """

    metadata = {
        "render_modes": ["ansi"],
        "name": "seega_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: str = "standard",
        max_turns: Optional[int] = 300,
        position: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if max_turns is not None and (
            isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1
        ):
            raise ValueError(f"max_turns must be a whole number from 1, or None, not {max_turns!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f'render_mode must be None or "ansi", not {render_mode!r}')
        self._start = (rules, position)
        self._game = _EnvGame(rules, position)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        n, planes, most = self._game.size, self._game.planes, self._game.pieces_per_side
        high = np.ones((n, n, planes), dtype=np.int8)
        high[:, :, 3:5] = most
        count = self._game.action_count
        self.action_spaces = {a: spaces.Discrete(count) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=high, dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._reset_state()

    def _reset_state(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._game.to_move

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        n, planes = self._game.size, self._game.planes
        board = np.frombuffer(self._game.observation(agent), dtype=np.int8)
        live = agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent)
        )
        if live:
            mask = np.frombuffer(self._game.mask(), dtype=np.int8).copy()
        else:
            mask = np.zeros(self._game.action_count, dtype=np.int8)
        return {"observation": board.reshape(n, n, planes).copy(), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game from the start (or the environment's position). ``seed`` seeds the
        action spaces' ``sample``; the game itself has no chance."""
        self._game = _EnvGame(*self._start)
        if seed is not None:
            for i, agent in enumerate(AGENTS):
                self.action_spaces[agent].seed(seed + i)
        self._reset_state()

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` for the agent to act; ``None`` for an agent whose game is over."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        if self._game.act(operator.index(action)):  # an int or a NumPy integer, no float
            if self._game.is_over:
                winner = self._game.winner
                if winner is not None:
                    self.rewards[winner] = 1
                    self.rewards[AGENTS[1 - AGENTS.index(winner)]] = -1
                self.terminations = dict.fromkeys(self.agents, True)
            elif self.max_turns is not None and self._game.turns_played >= self.max_turns:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self._game.to_move
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The board as text (``render_mode="ansi"``), with the last turn marked."""
        if self.render_mode is None:
            return None
        return self._game.render()

    def close(self) -> None:
        pass

    def record(self) -> str:
        """The game so far as a record that ``seega check`` reads (the library writes it)."""
        return self._game.record()

    def turns(self) -> list[Turn]:
        """The turns played so far, as ``Turn`` values with every capture."""
        return self._game.turns()

    def legal_turns(self) -> list[Turn]:
        """The legal turns of the side to move, as ``Position.legal_turns()`` lists them."""
        return self._game.legal_turns()

    def action_text(self, action: int) -> str:
        """What ``action`` does, in words: ``"place c2"``, ``"step c1 up"``, ``"end"``."""
        return self._game.action_text(action)

    @property
    def outcome(self) -> Optional[tuple[str, str]]:
        """How the game ended by rule, ``(termination, result)``, or ``None``."""
        return self._game.outcome
