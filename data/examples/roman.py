def roman_to_int(s: str) -> int:
    """Convert a Roman numeral to an integer. The symbols are I=1, V=5, X=10,
    L=50, C=100, D=500 and M=1000; a smaller symbol written before a larger
    one is subtracted from it (IV is 4, CM is 900). The input is a valid
    numeral between 1 and 3999.

    >>> roman_to_int('III')
    3
    >>> roman_to_int('IX')
    9
    >>> roman_to_int('LVIII')
    58
    >>> roman_to_int('MCMXCIV')
    1994
    """
