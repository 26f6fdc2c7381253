"""Reads that several views (pages, exports, the projector) share: plain values, few queries."""
