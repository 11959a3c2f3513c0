// The Aviasales provider module.
import AggregatorCore
