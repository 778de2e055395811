import t from 'tap'
import { partitionCount, TOUCHED_SPLIT_MIN_INCOMING } from './partition-count.js'

t.equal(partitionCount(2, 'full', 10), 2, 'a full read splits as configured, however small')
t.equal(partitionCount(2, 'touched', 10_000), 1, 'a small envelope into an existing project reads once')
t.equal(partitionCount(2, 'touched', TOUCHED_SPLIT_MIN_INCOMING - 1), 1, 'just under the bound: one partition')
t.equal(partitionCount(4, 'touched', TOUCHED_SPLIT_MIN_INCOMING), 4, 'from the bound on, as configured')
t.equal(partitionCount(1, 'touched', 10 * TOUCHED_SPLIT_MIN_INCOMING), 1, 'never more than configured')
