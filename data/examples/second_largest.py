from typing import List, Optional


def second_largest(nums: List[int]) -> Optional[int]:
    """Return the second-largest distinct number in the list, or None if the
    list has fewer than two distinct numbers.

    >>> second_largest([3, 1, 4, 4, 2])
    3
    >>> second_largest([-1, -5])
    -5
    >>> second_largest([7, 7]) is None
    True
    >>> second_largest([]) is None
    True
    """
