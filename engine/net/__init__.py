"""Play over the network: the protocol (``protocol.py``), the host that keeps the match (``host.py``), a
guest's client (``client.py``) and ``python -m engine host`` (``cli.py``).
docs/protocol.md is the contract."""
