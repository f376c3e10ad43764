print("georemind")
