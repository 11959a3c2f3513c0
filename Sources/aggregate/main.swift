print("aggregate")
