print("scanner")
