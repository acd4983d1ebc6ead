#!/usr/bin/env python3
"""An independent Glicko-2, written from Glickman's "Example of the Glicko-2
system" (2012) without looking at the Go code, to compute the ratings the
bot's end-to-end ratings test expects (TestRatingsAcrossSixGames). Each game
is a rating period of its own; RD is capped at 350 after a period.

    python3 bot/testdata/glicko2.py
"""
import math

TAU, EPS, SCALE = 0.5, 0.000001, 173.7178


def update(r, rd, sigma, opp_r, opp_rd, score):
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    mu_j, phi_j = (opp_r - 1500) / SCALE, opp_rd / SCALE
    g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
    e = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (g**2 * e * (1 - e))
    delta = v * g * (score - e)
    a = math.log(sigma**2)

    def f(x):
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    A = a
    if delta**2 > phi**2 + v:
        B = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        B = a - k * TAU
    fa, fb = f(A), f(B)
    while abs(B - A) > EPS:
        C = A + (A - B) * fa / (fb - fa)
        fc = f(C)
        if fc * fb <= 0:
            A, fa = B, fb
        else:
            fa = fa / 2
        B, fb = C, fc
    sigma2 = math.exp(A / 2)
    phi_star = math.sqrt(phi**2 + sigma2**2)
    phi2 = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu2 = mu + phi2**2 * g * (score - e)
    return SCALE * mu2 + 1500, min(SCALE * phi2, 350.0), sigma2


players = {name: (1500.0, 350.0, 0.06) for name in ("ana", "ben", "cleo")}
# (orange, blue, orange's score), the rated games in the order they end.
games = [("ana", "ben", 1), ("ben", "cleo", 1), ("cleo", "ana", 0.5), ("ana", "cleo", 0), ("cleo", "ben", 1)]
for o, b, s in games:
    ro, rb = players[o], players[b]
    players[o] = update(*ro, rb[0], rb[1], s)
    players[b] = update(*rb, ro[0], ro[1], 1 - s)
for name, (r, rd, sigma) in players.items():
    q = "?" if rd > 110 else ""
    print(f"{name}: {r:.4f} ± {rd:.4f} (σ {sigma:.6f}) → {round(r)} ± {round(rd)}{q}")
