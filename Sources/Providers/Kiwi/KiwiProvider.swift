// The Kiwi provider module.
import AggregatorCore
