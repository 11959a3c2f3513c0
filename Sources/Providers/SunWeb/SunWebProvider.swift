// The SunWeb provider module.
import AggregatorCore
