"""A clock the test sets by hand, for what waits on idle time or a lockout."""


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
