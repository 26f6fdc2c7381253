"""What a service refuses, read in one line: the ``Refused`` it raises."""

import pytest

from common.refusals import Refused


def refusal(service, /, **arguments) -> Refused:
    """The Refused that ``service(**arguments)`` raises; the test fails if it raises none."""
    with pytest.raises(Refused) as refused:
        service(**arguments)
    return refused.value


def refusal_the_second_time(service, /, **arguments) -> Refused:
    """``service(**arguments)`` goes through once; the Refused it raises the second time."""
    service(**arguments)
    return refusal(service, **arguments)
