using System.Runtime.CompilerServices;
using MemAnalyzer.Testing;
using Microsoft.VisualStudio.TestTools.UnitTesting;

namespace LeakAssertConsumerMSTest;

/// <summary>24 B, retaining 1,048 B with its byte[1000].</summary>
public sealed class Parcel
{
    public byte[] Payload { get; } = new byte[1000];
}

public static class Depot
{
    public static readonly Queue<Parcel> Parcels = new();
}

/// <summary>LeftInTheDepot fails on purpose; the outer test (LeakAssertPackageTests) reads its message.</summary>
[TestClass]
public sealed class MSTestLeakTests
{
    [TestMethod]
    public void LeftInTheDepot() => LeakAssert.Released(Deliver(keep: true));

    [TestMethod]
    public void DeliveredParcelIsReleased() => LeakAssert.Released(Deliver(keep: false));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference Deliver(bool keep)
    {
        var parcel = new Parcel();
        if (keep)
        {
            Depot.Parcels.Enqueue(parcel);
        }
        return new WeakReference(parcel);
    }
}
