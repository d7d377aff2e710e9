#!/usr/bin/env python3
"""An independent maximum-likelihood fit of a league's Plackett-Luce model.

Reads tables.json (tests/sim/league/test_league_fit.cpp writes it): every
table as a list of [entrant, first place held]; players holding the same
first place share it (R22). Writes the maximiser of the penalised
log-likelihood

    sum over tables of  mean over the orders of each shared place of
        log P(order)  -  prior_precision / 2 * sum theta^2

where P(order) is the Plackett-Luce probability of a complete order. It is
written from the orders themselves (itertools.permutations of each shared
place), not from the choice sets sngsim counts, and maximised with
scipy.optimize.minimize (BFGS on the exact gradient from numpy). When the
input gives sngsim's fit as "sngsim_theta", the gradient of this
likelihood there is written too ("sngsim_gradient_norm").

Usage: league_crosscheck.py TABLES_JSON OUT_JSON
"""

import itertools
import json
import sys

import numpy as np
from scipy.optimize import minimize


def orders_of(table):
    """Every complete order consistent with the shared places, each equally likely."""
    by_place = {}
    for entrant, first in table:
        by_place.setdefault(first, []).append(entrant)
    groups = [by_place[place] for place in sorted(by_place)]
    for parts in itertools.product(*(itertools.permutations(g) for g in groups)):
        yield [e for part in parts for e in part]


def main():
    data = json.load(open(sys.argv[1]))
    n = data["entrants"]
    tau = data["prior_precision"]
    # Each (order, weight): weight 1 / number of orders of its table.
    terms = []
    for table in data["tables"]:
        orders = list(orders_of(table))
        for order in orders:
            terms.append((np.array(order), 1.0 / len(orders)))

    def negative(theta):
        value = 0.5 * tau * theta @ theta
        grad = tau * theta.copy()
        for order, weight in terms:
            t = theta[order]
            for k in range(len(order) - 1):
                rest = t[k:]
                top = rest.max()
                e = np.exp(rest - top)
                s = e.sum()
                value -= weight * (t[k] - top - np.log(s))
                grad[order[k]] -= weight
                grad[order[k:]] += weight * e / s
        return value, grad

    result = minimize(negative, np.zeros(n), jac=True, method="BFGS", options={"gtol": 1e-10, "maxiter": 10000})
    gradient = negative(result.x)[1]
    out = {"theta": result.x.tolist(), "log_posterior": -float(result.fun), "success": bool(result.success),
           "gradient_norm": float(np.linalg.norm(gradient))}
    # sngsim's own answer, judged by this likelihood: its gradient there.
    if "sngsim_theta" in data:
        out["sngsim_gradient_norm"] = float(np.linalg.norm(negative(np.array(data["sngsim_theta"]))[1]))
    json.dump(out, open(sys.argv[2], "w"))


if __name__ == "__main__":
    main()
