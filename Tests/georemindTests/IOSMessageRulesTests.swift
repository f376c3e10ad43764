import Testing

/// The rules catch what the schema refuses, and pass what it accepts.
struct IOSMessageRulesTests {
    @Test func theRulesRefuseWhatTheSchemaRefuses() {
        let good =
            #"[{"_type":"transition","event":"enter","desc":"Milk","tst":1700000000,"wtst":1496055803,"rid":"gr-1","t":"c","tid":"gr","acc":10,"lat":47.36,"lon":8.54}]"#
        #expect(IOSMessageRules.violations(good).isEmpty)
        #expect(IOSMessageRules.violations("[]").isEmpty)
        #expect(
            IOSMessageRules.violations(#"[{"_type":"transition","event":"dwell","tst":1.5,"acc":10.5,"lat":"1","lon":2}]"#) == [
                "[0] lat is not a number", "[0] tst is not an integer", "[0] transition without wtst", "[0] acc is not an integer",
                "[0] event dwell",
            ])
        #expect(
            IOSMessageRules.violations(#"[{"_type":"note"},{"_type":"cmd"}]"#) == [
                "[0] _type missing or unknown", "[1] cmd without action",
            ])
        #expect(
            IOSMessageRules.violations(
                #"[{"_type":"cmd","action":"setWaypoints","waypoints":{"_type":"waypoints","waypoints":[{"_type":"waypoint","desc":"A","lat":1,"lon":2,"rad":100.5,"tst":5}]}}]"#
            ) == ["[0] waypoint rad is not an integer"])
    }
}
