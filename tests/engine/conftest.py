"""Engine test settings: a reproducible hypothesis profile, registered but not loaded.

Property tests pick it up with ``@settings(settings.get_profile("engine"), ...)`` so the
profile never leaks into other suites of the same pytest run.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "engine",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=100,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow],
)
