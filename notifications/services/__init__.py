"""The notifications' writes: a phone's subscription to « Me prévenir », and its end."""
