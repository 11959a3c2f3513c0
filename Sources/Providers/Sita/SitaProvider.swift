// The Sita provider module.
import AggregatorCore
