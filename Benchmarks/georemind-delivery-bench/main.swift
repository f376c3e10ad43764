// georemind-delivery-bench: the webhook delivery benchmark (`make bench` runs it after georemind-bench).
import Foundation

print("== delivery")
try deliveryBenchmark()
