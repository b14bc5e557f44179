"""Galaxy Express scoring (GE-10) and the rating the rules text gives a score: shared by the
rules, the record sheet's checker and the printed kit."""

from __future__ import annotations

POINTS_PER_DELIVERY = 20
POINTS_PER_REFUEL = -10
RATINGS: tuple[tuple[int, str], ...] = (
    (100, "Employee of the Year!!"),
    (90, "Nice going, kid!"),
    (80, "Not bad ... for a rookie!"),
    (-10**9, "Maybe you need to spend more time at the Academy!"),
)


def score_of(deliveries: int, refuels: int, coins_left: int) -> int:
    """GE-10: 20 per delivery, -10 per refuel, +1 per unspent coin.

    >>> score_of(6, 2, 5), rating_of(score_of(6, 2, 5))
    (105, 'Employee of the Year!!')
    """
    return (POINTS_PER_DELIVERY * deliveries + POINTS_PER_REFUEL * refuels + coins_left)


def rating_of(score: int) -> str:
    return next(text for floor, text in RATINGS if score >= floor)


__all__ = ["POINTS_PER_DELIVERY", "POINTS_PER_REFUEL", "RATINGS", "rating_of", "score_of"]
