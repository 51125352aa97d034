"""The reference logs: seeded matches of every rule file of the corpus with every player kind,
recorded once and kept as test data (recipe.py: what is played; record.py: writes the recording;
tests/test_reference_logs.py: plays the recipe again and compares)."""
