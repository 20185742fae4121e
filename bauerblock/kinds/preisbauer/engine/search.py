"""The search behind a draw: partners who never met, then opponents who met least.

Players are indices 0..m-1 here, `partners[i, j]` and `opponents[i, j]` how often two of
them met so far; the search weighs these into what meeting once more would cost. A seating
is a flat list, four a table: seats 0 and 2 partner, 1 and 3.
Every step of the search is spent from a fixed budget of steps, so a draw is bounded and
the same inputs give the same seating (no clock, no global random state).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

PARTNER_REPEAT = 10**12
"""The cost of one repeated partner: above any sum of opponent costs, so it comes first."""
MAX_WEIGHT_COUNT = 12
"""Counts past this weigh as this: only tiny tournaments get there, where every seating
repeats as much."""
PARTNER_COST = tuple(PARTNER_REPEAT * (2**n - 1) for n in range(MAX_WEIGHT_COUNT + 1))
"""The cost of a pair partnering again after n times: a second repeat weighs three."""
OPPONENT_COST = tuple(4**n - 1 for n in range(MAX_WEIGHT_COUNT + 1))
"""The cost of facing an opponent again after n times: a first meeting is free, and each
further one weighs four times the one before, so the worst count stays low."""

STALE_ATTEMPTS = 30
"""Attempts without a better seating after which the search stops: more find no better
worst counts for 8 to 24 players (measured), and a draw returns sooner."""

DEAD_END = PARTNER_REPEAT // 2
"""The cost of a seating after which the same players must repeat a partner: below a
repeat now, above any opponent costs."""
LOOKAHEAD_BUDGET = 4_000
"""Steps the look one draw ahead may take (spent from the draw's budget too)."""

Matrix = Sequence[Sequence[int]]
Counts = Mapping[tuple[int, int], int]
"""How often two players (by index) met; a pair that never met may be left out."""


@dataclass
class Budget:
    """The steps a search may take, and those it has taken."""

    limit: int
    spent: int = field(default=0)

    def spend(self, steps: int = 1) -> bool:
        """Take `steps`; tell whether the budget allows them."""
        self.spent += steps
        return self.spent <= self.limit


def _weigh(costs: tuple[int, ...], m: int, counts: Counts) -> Matrix:
    """Return the cost of each pair meeting once more, from how often it met."""
    # Dense for the search's many look-ups; most pairs never met and cost 0.
    matrix = [[0] * m for _ in range(m)]
    for (i, j), count in counts.items():
        matrix[i][j] = matrix[j][i] = costs[min(count, MAX_WEIGHT_COUNT)]
    return matrix


def table_cost(seats: Sequence[int], partner: Matrix, opponent: Matrix) -> int:
    """Return the cost of one table: repeated partners, then repeated opponents."""
    a, b, c, d = seats
    return (
        partner[a][c]
        + partner[b][d]
        + opponent[a][b]
        + opponent[a][d]
        + opponent[c][b]
        + opponent[c][d]
    )


def seat(
    m: int, partners: Counts, opponents: Counts, rng: random.Random, budget: Budget
) -> list[int]:
    """Return the cheapest seating of players 0..m-1 found within the budget.

    Each attempt matches partners (a search that backtracks), pairs the teams into
    tables greedily, then swaps players while that lowers the cost; a seating after which
    the same players could not all partner afresh costs DEAD_END more. Attempts go on until
    the cost is 0, the budget is spent or STALE_ATTEMPTS bring nothing better; the first
    always completes, so there is always a seating.
    """
    # Weighed once: the search looks each pair up many times.
    partner = _weigh(PARTNER_COST, m, partners)
    opponent = _weigh(OPPONENT_COST, m, opponents)
    best: list[int] = []
    best_cost = stale = -1
    while not best or (best_cost > 0 and budget.spent < budget.limit and stale < STALE_ATTEMPTS):
        teams = match_partners(m, partner, rng, budget)
        seating = group_teams(teams, opponent, rng, budget)
        cost = improve(seating, partner, opponent, budget)
        if cost < PARTNER_REPEAT and _dead_end(seating, partner, rng, budget):
            cost += DEAD_END
        stale += 1
        if best_cost < 0 or cost < best_cost:
            best, best_cost, stale = seating, cost, 0
    return best


def _dead_end(seating: list[int], partner: Matrix, rng: random.Random, budget: Budget) -> bool:
    """Tell whether the same players could not all partner afresh in the draw after this.

    Looking one draw ahead keeps a long tournament free of repeated partners for longer
    (a whist schedule has 4n - 1 draws): a greedy draw can leave pairs no new partner.
    """
    m = len(seating)
    after = [list(row) for row in partner]
    for k in range(0, m, 4):
        a, b, c, d = seating[k : k + 4]
        after[a][c] = after[c][a] = after[b][d] = after[d][b] = PARTNER_REPEAT
    # Dirac: with fresh partners among half the players or more, a fresh matching exists.
    if min(row.count(0) - 1 for row in after) >= m / 2:
        return False
    ahead = Budget(LOOKAHEAD_BUDGET)
    teams = match_partners(m, after, rng, ahead)
    budget.spend(ahead.spent)
    return any(after[i][j] for i, j in teams)


def match_partners(
    m: int, partner: Matrix, rng: random.Random, budget: Budget
) -> list[tuple[int, int]]:
    """Return teams of two covering 0..m-1 with the fewest repeated partners found.

    A depth-first search: the player with the fewest fresh partners left is matched first,
    fresh partners tried before old ones; a branch that cannot beat the best is cut. The
    first descent is greedy and always completes; backtracking stops with the budget.
    """
    lots = [rng.random() for _ in range(m)]
    by_lot = sorted(range(m), key=lots.__getitem__)
    fresh = [[j for j in by_lot if not partner[i][j] and j != i] for i in range(m)]
    # Fresh partners by lot, then the old ones, least partnered first (the sort is stable).
    options = [
        fresh[i] + sorted((j for j in by_lot if partner[i][j]), key=partner[i].__getitem__)
        for i in range(m)
    ]
    degree = [len(f) for f in fresh]
    matched = [False] * m
    teams: list[tuple[int, int]] = []
    best: list[tuple[int, int]] = []
    best_cost = [-1]

    def take(i: int, sign: int) -> None:
        matched[i] = sign < 0
        for k in fresh[i]:
            degree[k] += sign

    def search(cost: int) -> None:
        within = budget.spend(m)  # a step scans every player
        if best and (not within or best_cost[0] == 0):
            return
        # The free player with the fewest fresh partners, and how many have none at all:
        # each pair of those costs at least one repeat.
        chosen, stranded = -1, 0
        for v in range(m):
            if not matched[v]:
                if degree[v] == 0:
                    stranded += 1
                if chosen < 0 or (degree[v], lots[v]) < (degree[chosen], lots[chosen]):
                    chosen = v
        if chosen < 0:
            best[:] = teams
            best_cost[0] = cost
            return
        if best and cost + (stranded + 1) // 2 * PARTNER_REPEAT >= best_cost[0]:
            return
        take(chosen, -1)
        for j in options[chosen]:
            if matched[j]:
                continue
            step = cost + partner[chosen][j]
            if best and step >= best_cost[0]:
                break  # options are in order of cost: the rest cost as much or more
            take(j, -1)
            teams.append((chosen, j))
            search(step)
            teams.pop()
            take(j, +1)
            if best and (best_cost[0] == 0 or budget.spent > budget.limit):
                break
        take(chosen, +1)

    search(0)
    return best


def group_teams(
    teams: list[tuple[int, int]], opponent: Matrix, rng: random.Random, budget: Budget
) -> list[int]:
    """Return a seating that sits each team against the team it has met least."""

    def meeting(one: tuple[int, int], two: tuple[int, int]) -> int:
        return sum(opponent[x][y] for x in one for y in two)

    left = list(teams)
    rng.shuffle(left)
    seating: list[int] = []
    while left:
        team = left.pop()
        budget.spend(len(left))
        rival = min(range(len(left)), key=lambda k: meeting(team, left[k]))
        other = left.pop(rival)
        seating += [team[0], other[0], team[1], other[1]]
    return seating


def improve(seating: list[int], partner: Matrix, opponent: Matrix, budget: Budget) -> int:
    """Swap two players while that lowers the cost (in place); return the cost reached."""
    tables = len(seating) // 4
    costs = [table_cost(seating[4 * t : 4 * t + 4], partner, opponent) for t in range(tables)]
    improved = True
    while improved and sum(costs) != 0 and budget.spent < budget.limit:
        improved = False
        for x in range(len(seating)):
            for y in range(x + 1, len(seating)):
                # Two tables that cost nothing cannot get cheaper: no step spent on them.
                if not costs[x // 4] + costs[y // 4]:
                    continue
                if not budget.spend():
                    return sum(costs)
                if _swap_pays(seating, costs, x, y, partner, opponent):
                    improved = True
    return sum(costs)


def _swap_pays(
    seating: list[int], costs: list[int], x: int, y: int, partner: Matrix, opponent: Matrix
) -> bool:
    """Swap the players at x and y if that lowers the cost; tell whether it did."""
    tx, ty = x // 4, y // 4
    before = costs[tx] + (costs[ty] if ty != tx else 0)
    seating[x], seating[y] = seating[y], seating[x]
    after_x = table_cost(seating[4 * tx : 4 * tx + 4], partner, opponent)
    after_y = table_cost(seating[4 * ty : 4 * ty + 4], partner, opponent) if ty != tx else 0
    if after_x + after_y < before:
        costs[tx] = after_x
        if ty != tx:
            costs[ty] = after_y
        return True
    seating[x], seating[y] = seating[y], seating[x]
    return False
