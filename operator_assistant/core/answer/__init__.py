"""The answer stage: follow-up rule, evidence and refusal, the answer card, the model's
checked wording, and the policy that holds every tuned number.
Nothing here imports Qt or opens an index; the stage gets its passages from the engine.
"""
