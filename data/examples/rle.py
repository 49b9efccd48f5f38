def run_length_encode(s: str) -> str:
    """Compress a string by writing each run of repeated characters as the
    character followed by the length of the run. Every run is written, even
    a run of length 1, and the empty string encodes to the empty string.

    >>> run_length_encode('aaabcc')
    'a3b1c2'
    >>> run_length_encode('xyz')
    'x1y1z1'
    >>> run_length_encode('')
    ''
    >>> run_length_encode('zzzzzzzzzzzz')
    'z12'
    """
