using System.Xml.Linq;

namespace MemAnalyzer.Tests.EndToEnd.LeakAssertions;

/// <summary>One test's outcome and failure message, as a VSTest TRX file records them.</summary>
public sealed record TrxResult(string Outcome, string Message);

/// <summary>Reads a TRX file (VSTest's results, written by any adapter: xUnit, NUnit, MSTest) by test method name.</summary>
public static class TrxResults
{
    public static IReadOnlyDictionary<string, TrxResult> Read(string path)
    {
        XNamespace ns = "http://microsoft.com/schemas/VisualStudio/TeamTest/2010";
        return XDocument.Load(path).Descendants(ns + "UnitTestResult").ToDictionary(
            r => ((string)r.Attribute("testName")!).Split('.')[^1],
            r => new TrxResult((string)r.Attribute("outcome")!, (string?)r.Descendants(ns + "Message").FirstOrDefault() ?? ""));
    }
}
