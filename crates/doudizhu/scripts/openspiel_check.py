"""One-off check (not in CI): the `openspiel` preset against OpenSpiel's `dou_dizhu` action space.

    /tmp/ddzvenv/bin/pip install open_spiel
    BIN=target/release/examples/doudizhu /tmp/ddzvenv/bin/python crates/doudizhu/scripts/openspiel_check.py

OpenSpiel numbers 26,057 actions: pass, bids 1-3, then 26,053 plays written body-kickers
(`333444-8(BWJ)`). parlor's `moves --rules openspiel --ids` on a full deck lists 26,053
(reading, multiset) plays; the script compares the multisets with their multiplicities.
"""
import os
import pyspiel, subprocess, collections
RANKS = "3456789TJQKA2BR"
g = pyspiel.load_game('dou_dizhu')
s = g.new_initial_state()
theirs = []
for a in range(4, g.num_distinct_actions()):
    t = s.action_to_string(0, a).replace('(BWJ)', 'B').replace('(CJ)', 'R').replace('-', '')
    theirs.append(''.join(sorted(t, key=RANKS.index)))
c = collections.Counter(theirs)
print('openspiel plays', len(theirs), 'distinct', len(c), 'repeated', sum(1 for v in c.values() if v > 1))
print([k for k, v in c.items() if v > 1][:5])
B = os.environ.get("BIN", "target/release/examples/doudizhu")
full = '3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR'
ours_ids = subprocess.run([B, 'moves', '--hand', full, '--rules', 'openspiel', '--ids'], capture_output=True, text=True).stdout.split('\n')
ours = [l.split('\t')[1] for l in ours_ids if l]
oc = collections.Counter(ours)
print('ours (reading, multiset)', len(ours), 'distinct', len(oc), 'repeated', sum(1 for v in oc.values() if v > 1))
print('multiset sets equal:', set(c) == set(oc))
print('multiplicities equal:', c == oc)
print('only openspiel', list(set(c) - set(oc))[:5], 'only ours', list(set(oc) - set(c))[:5])
