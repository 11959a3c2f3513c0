#!/usr/bin/env python3
"""The baseline the process benchmark compares `aggregate` with: the same job, written plainly.

Reads a Kiwi v3 `/flights` response with `json.load`, builds one offer per itinerary with the fields
`aggregate search --format json` prints, keeps the one-way trips (as the tool's default search does),
merges itineraries that fly the same flights (carrier, flight
number and UTC departure of every segment) into the cheapest of them, as the tool keeps one source per
provider, sorts by price (then duration, departure and id, the tool's tie-breaks) and prints the first
N offers as JSON. Standard library only.

    python3 Benchmarks/python_pipeline.py RESPONSE.json [--limit 20]
"""

import argparse
import json
import sys
import time

IMAGE_BASE = "https://images.kiwi.com/photos/600x330/"


def wall_clock(pseudo_epoch):
    """Kiwi's dTime/aTime: a local wall clock written as if it were epoch seconds."""
    if pseudo_epoch is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M", time.gmtime(int(pseudo_epoch)))


def instant(epoch):
    if epoch is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(epoch)))


def segment(record, flight):
    return {
        "carrier": flight.get("airline"),
        "flight_number": str(flight["flight_no"]) if flight.get("flight_no") is not None else None,
        "origin": flight["flyFrom"],
        "origin_city": flight.get("cityCodeFrom") or record.get("cityCodeFrom"),
        "destination": flight["flyTo"],
        "destination_city": flight.get("cityCodeTo") or record.get("cityCodeTo"),
        "departure": wall_clock(flight.get("dTime")),
        "departure_utc": instant(flight.get("dTimeUTC")),
        "arrival": wall_clock(flight.get("aTime")),
        "arrival_utc": instant(flight.get("aTimeUTC")),
    }


def leg(record, flights, seconds):
    segments = [segment(record, flight) for flight in flights]
    if not seconds and flights[0].get("dTimeUTC") and flights[-1].get("aTimeUTC"):
        seconds = flights[-1]["aTimeUTC"] - flights[0]["dTimeUTC"]
    return {"duration_minutes": int(seconds) // 60 if seconds else None, "segments": segments}


def offer(record, currency, retrieved_at):
    price = record.get("price")
    if not isinstance(price, (int, float)) or price <= 0:
        return None
    route = record.get("route") or []
    outbound = [flight for flight in route if flight.get("return", 0) != 1]
    inbound = [flight for flight in route if flight.get("return", 0) == 1]
    if not outbound:
        return None
    durations = record.get("duration") or {}
    legs = [leg(record, outbound, durations.get("departure"))]
    if inbound:
        legs.append(leg(record, inbound, durations.get("return")))
    seats = (record.get("availability") or {}).get("seats")
    carriers = []
    for flight in route:
        if flight.get("airline") and flight["airline"] not in carriers:
            carriers.append(flight["airline"])
    first, last = legs[0]["segments"][0], legs[0]["segments"][-1]
    money = {"amount": price, "currency": currency}
    return {
        "id": record["id"],
        "kind": "flight",
        "origin": first["origin"],
        "destination": last["destination"],
        "departure": first["departure"],
        "arrival": last["arrival"],
        "departure_utc": first["departure_utc"],
        "arrival_utc": last["arrival_utc"],
        "duration_minutes": sum(item["duration_minutes"] or 0 for item in legs),
        "stops": max(len(item["segments"]) - 1 for item in legs),
        "carriers": carriers,
        "legs": legs,
        "price": money,
        "price_basis": "total",
        "sources": [
            {
                "provider": "kiwi",
                "reference": record["id"],
                "price": money,
                "deep_link": record.get("deep_link"),
                "retrieved_at": retrieved_at,
                "seats_left": seats,
            }
        ],
        "seats_left": seats,
        "image": IMAGE_BASE + record["mapIdto"] + ".jpg" if record.get("mapIdto") else None,
        "_key": tuple((flight.get("airline"), flight.get("flight_no"), flight.get("dTimeUTC")) for flight in route),
    }


def merge(offers):
    """One offer per set of flights: the cheapest; one provider's copies of a trip leave one source."""
    cheapest = {}
    for item in offers:
        known = cheapest.get(item["_key"])
        if known is None or item["price"]["amount"] < known["price"]["amount"]:
            cheapest[item["_key"]] = item
    return list(cheapest.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("response", help="a Kiwi v3 /flights response file")
    parser.add_argument("--limit", type=int, default=20, help="how many offers to print (default 20)")
    arguments = parser.parse_args()

    with open(arguments.response, "rb") as file:
        response = json.load(file)
    currency = response["currency"]
    retrieved_at = instant(time.time())
    offers = []
    skipped = 0
    for record in response.get("data", []):
        item = offer(record, currency, retrieved_at)
        if item is None:
            skipped += 1
        elif len(item["legs"]) == 1:
            offers.append(item)
    ranked = sorted(
        merge(offers),
        key=lambda item: (item["price"]["amount"], item["duration_minutes"], item["departure_utc"] or "", item["id"]),
    )
    top = ranked[: arguments.limit]
    for item in top:
        del item["_key"]
    json.dump(
        {"currency": currency, "matched": len(ranked), "skipped": skipped, "offers": top},
        sys.stdout,
        indent=2,
        ensure_ascii=False,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
