import json

from reference import ROOT, input_bytes


def expected():
    adjacency = {}
    degree = {}
    for line in input_bytes().decode().splitlines():
        if not line.strip():
            continue
        a, b = line.split()
        adjacency.setdefault(a, set()).add(b)
        adjacency.setdefault(b, set()).add(a)
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    seen, sizes = set(), []
    for start in sorted(adjacency):
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            node = stack.pop()
            size += 1
            for nxt in adjacency[node] - seen:
                seen.add(nxt)
                stack.append(nxt)
        sizes.append(size)
    hub = sorted(degree.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    return {"components": len(sizes), "largest": max(sizes), "max_degree_node": hub}


def test_graph_matches_the_data():
    assert json.loads((ROOT / "graph.json").read_text()) == expected()
