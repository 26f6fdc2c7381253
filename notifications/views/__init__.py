"""The live streams (Server-Sent Events) and « Me prévenir »'s subscriptions."""
