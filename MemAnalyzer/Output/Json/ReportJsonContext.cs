using System.Text.Json.Serialization;
using MemAnalyzer.Retention;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Output;

/// <summary>
/// The System.Text.Json source generator's serializer for the JSON report: no reflection at run time, so it works in a
/// Native AOT binary. Names are camelCase; a null value is left out.
/// </summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    WriteIndented = true)]
[JsonSerializable(typeof(JsonReport))]
[JsonSerializable(typeof(JsonTarget))]
// The lists and objects inside a table's rows (a suspect's accumulated types, its path's verdicts), written by TableColumn.WriteValue.
[JsonSerializable(typeof(IReadOnlyList<AccumulatedType>))]
[JsonSerializable(typeof(IReadOnlyList<AccumulatedGrowth>))]
[JsonSerializable(typeof(PathVerdicts))]
public sealed partial class ReportJsonContext : JsonSerializerContext;
