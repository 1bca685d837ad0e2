"""Runs two p4576-chase programs on the same starts and reports any whose answers differ.

Every start of every board from 2 x 2 to 5 x 5, then random starts up to n = 80 (a mix of any
size, the largest sizes and small boards). Each program reads `n r1 c1 r2 c2` on stdin and
prints one line, as the bundle and `packed.cpp` do:

    python3 crates/p4576-chase/reference/compare.py ./packed ./bundle [RANDOM_STARTS [SEED]]

Exits with status 1 if any answer differs.
"""

import random
import subprocess
import sys


def starts(count, seed):
    for n in range(2, 6):
        cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
        for white in cells:
            for black in cells:
                if white != black:
                    yield (n, *white, *black)
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.choice([rng.randint(2, 80), rng.randint(60, 80), 80, rng.randint(6, 20)])
        while True:
            p = [rng.randint(1, n) for _ in range(4)]
            if p[:2] != p[2:]:
                break
        yield (n, *p)


def main():
    a, b = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    total = differ = 0
    for start in starts(count, seed):
        text = " ".join(map(str, start)) + "\n"
        x, y = (subprocess.run([p], input=text.encode(), capture_output=True).stdout for p in (a, b))
        total += 1
        if x != y:
            differ += 1
            print("differ:", text.strip(), x, y)
    print(total, "starts,", differ, "differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
