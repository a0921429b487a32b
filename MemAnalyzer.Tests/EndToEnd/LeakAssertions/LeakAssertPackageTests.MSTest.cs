using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.EndToEnd.LeakAssertions;

/// <summary>The packed package under MSTest (MSTest.TestFramework and MSTest.TestAdapter 4.5.3, run by <c>dotnet test</c>).</summary>
public sealed partial class LeakAssertPackageTests
{
    [Fact]
    public void UnderMSTestAKeptObjectFailsWithItsPathAndSignatureAndAReleasedOnePasses()
    {
        Assert.Equal("Passed", consumers.MSTest.Results["DeliveredParcelIsReleased"].Outcome);
        var result = consumers.MSTest.Results["LeftInTheDepot"];
        Assert.Equal("Failed", result.Outcome);
        Assert.Equal($"""
            Test method LeakAssertConsumerMSTest.MSTestLeakTests.LeftInTheDepot threw exception:
            MemAnalyzer.Testing.LeakAssertionException: LeakAssert.Released: 1 of 1 tracked object is {Kept}

            the object: LeakAssertConsumerMSTest.Parcel @0x…, 24 B, retains 1,048 B
              ▶static LeakAssertConsumerMSTest.Depot.Parcels → ▶Queue<Parcel>._array → ▶Parcel[] → Parcel
              Verdicts: static LeakAssertConsumerMSTest.Depot.Parcels: {Static}; Parcel: {Expected}
              Signature: {SignatureOracle.Of("static LeakAssertConsumerMSTest.Depot.Parcels", "System.Collections.Generic.Queue<LeakAssertConsumerMSTest.Parcel>._array", "LeakAssertConsumerMSTest.Parcel[]")}

            Read from the dump leak-MSTestLeakTests.LeftInTheDepot-….dmp (kept for you; MEMANALYZER_KEEPDUMP=0 deletes it).
            """, Stamped(result.Message));
    }
}
