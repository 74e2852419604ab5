"""Weights of the learned evaluation (``engine.ai.capeclash.evaluate_learned``), written by
``python -m apps.ai_tune``; do not edit by hand.

Fitted on 58698 positions of 240 normal-vs-normal games on the starter decks (seeds 5000-5239, ridge 1.0).
"""

WEIGHTS: dict[str, float] = {
    'main_left_share': 5.008398,
    'main_left': -0.567818,
    'main_low': -0.318663,
    'main_stunned': 0.113231,
    'ready_chars': -0.169981,
    'ready_atk': 0.045532,
    'ready_def': 0.011571,
    'front_ready': 0.214802,
    'stunned_chars': 0.139954,
    'resources': 0.095550,
    'hand': 0.290113,
    'level': 0.287731,
    'xp_share': 0.736350,
    'deck_empty': -0.125740,
    'to_move': -0.402942,
}
