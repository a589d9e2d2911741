"""Steps run in a written order, and why: a step's needs (the steps that must come before it, each
with the reason) and the steps that must come first or last, checked against the order itself.
The page pipeline (pipeline.py) and the end of a build (site/finish.py) declare theirs here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

Needs = Mapping[Callable, tuple[tuple[Callable, str], ...]]


def broken(steps: Sequence[Callable], needs: Needs, first: Sequence[tuple[Callable, str]] = (),
           last: Sequence[tuple[Callable, str]] = ()) -> list[str]:
    """Each way `steps` breaks what is declared, in words."""
    position = {step: index for index, step in enumerate(steps)}
    found = [f"{step.__name__} before {earlier.__name__} ({why})"
             for step, required in needs.items() for earlier, why in required
             if step in position and earlier in position and position[earlier] > position[step]]
    found += [f"{step.__name__} is not step {index + 1} ({why})"
              for index, (step, why) in enumerate(first) if steps[index] is not step]
    found += [f"{step.__name__} is not step {len(steps) - len(last) + index + 1} of {len(steps)} ({why})"
              for index, (step, why) in enumerate(last) if steps[len(steps) - len(last) + index] is not step]
    return found


def check(steps: Sequence[Callable], needs: Needs, first=(), last=(), *, what: str) -> None:
    """Raise when `steps` breaks what is declared (called when the declaring module loads)."""
    found = broken(steps, needs, first, last)
    if found:
        raise RuntimeError(f"the order of {what} breaks what its steps need: " + "; ".join(found))
