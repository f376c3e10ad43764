import NIOHTTP1
import Testing
