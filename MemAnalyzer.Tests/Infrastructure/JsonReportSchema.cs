using System.Text.Json;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Schema memanalyzer/1 as the README documents it, written out here (no code shared with the product): every object's
/// fields with their JSON kinds and whether they must be there, the allowed values of the enumerations, and which row
/// lists each mode has. <see cref="Validate"/> fails on an unknown field, a missing one, a wrong kind or a wrong value.
/// </summary>
public static class JsonReportSchema
{
    private enum Kind { String, Integer, Number, Boolean, Array, Object }

    private sealed record Field(Kind Kind, bool Required, string? Items = null);

    private static readonly Dictionary<string, Dictionary<string, Field>> s_objects = new()
    {
        ["document"] = new()
        {
            ["schema"] = new(Kind.String, true), ["mode"] = new(Kind.String, true), ["unit"] = new(Kind.String, true),
            ["selection"] = new(Kind.String, true), ["retained"] = new(Kind.Boolean, true), ["generation"] = new(Kind.String, false), ["targets"] = new(Kind.Array, true, "target"),
        },
        ["target"] = new()
        {
            ["name"] = new(Kind.String, false), ["processId"] = new(Kind.String, false), ["time"] = new(Kind.String, false),
            ["commandLine"] = new(Kind.String, false), ["ageSeconds"] = new(Kind.Integer, false), ["context"] = new(Kind.String, false),
            ["types"] = new(Kind.Array, false, "typeRow"), ["summary"] = new(Kind.Array, false, "typeRow"), ["memoryMap"] = new(Kind.Array, false, "typeRow"),
            ["diff"] = new(Kind.Array, false, "diffRow"), ["diffSummary"] = new(Kind.Array, false, "diffRow"), ["diffMemoryMap"] = new(Kind.Array, false, "diffRow"),
            ["strings"] = new(Kind.Array, false, "stringRow"), ["stringsDiff"] = new(Kind.Array, false, "stringDiffRow"),
            ["handles"] = new(Kind.Array, false, "handleRow"), ["handlesDiff"] = new(Kind.Array, false, "handleDiffRow"), ["error"] = new(Kind.Object, false, "error"),
            ["finalizable"] = new(Kind.Array, false, "finalizableRow"),
            ["finalizableDiff"] = new(Kind.Array, false, "finalizableDiffRow"), ["inspectionsDiff"] = new(Kind.Array, false, "inspectionDiffRow"),
            ["fragmentation"] = new(Kind.Array, false, "fragmentationRow"), ["modules"] = new(Kind.Array, false, "moduleRow"), ["modulesDiff"] = new(Kind.Array, false, "moduleDiffRow"), ["fragmentationDiff"] = new(Kind.Array, false, "fragmentationDiffRow"),
        },
        ["typeRow"] = new()
        {
            ["name"] = new(Kind.String, true), ["allocated"] = new(Kind.Integer, true), ["instances"] = new(Kind.Integer, true), ["retained"] = new(Kind.Integer, false),
        },
        ["diffRow"] = new()
        {
            ["name"] = new(Kind.String, true), ["delta"] = new(Kind.Integer, true), ["deltaInstances"] = new(Kind.Integer, false),
            ["instances"] = new(Kind.Integer, false), ["instances2"] = new(Kind.Integer, false), ["allocated"] = new(Kind.Integer, true),
            ["allocated2"] = new(Kind.Integer, true), ["avgSize"] = new(Kind.Integer, false), ["avgSize2"] = new(Kind.Integer, false),
            ["retained"] = new(Kind.Integer, false), ["retained2"] = new(Kind.Integer, false), ["deltaRetained"] = new(Kind.Integer, false),
        },
        ["stringRow"] = new()
        {
            ["value"] = new(Kind.String, true), ["count"] = new(Kind.Integer, true), ["waste"] = new(Kind.Integer, true),
            ["size"] = new(Kind.Integer, true), ["owner"] = new(Kind.String, true), ["address"] = new(Kind.String, true),
        },
        ["stringDiffRow"] = new()
        {
            ["value"] = new(Kind.String, true), ["delta"] = new(Kind.Integer, true), ["deltaInstances"] = new(Kind.Integer, false),
            ["instances"] = new(Kind.Integer, false), ["instances2"] = new(Kind.Integer, false), ["allocated"] = new(Kind.Integer, true), ["allocated2"] = new(Kind.Integer, true),
        },
        ["handleRow"] = new()
        {
            ["kind"] = new(Kind.String, true), ["type"] = new(Kind.String, true), ["handles"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, true),
            ["unreachable"] = new(Kind.Integer, true), ["retained"] = new(Kind.Integer, false),
        },
        ["handleDiffRow"] = new()
        {
            ["kind"] = new(Kind.String, true), ["type"] = new(Kind.String, true), ["handles"] = new(Kind.Integer, true), ["handles2"] = new(Kind.Integer, true),
            ["deltaHandles"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, true), ["bytes2"] = new(Kind.Integer, true), ["deltaBytes"] = new(Kind.Integer, true),
        },
        ["finalizableRow"] = new()
        {
            ["state"] = new(Kind.String, true), ["type"] = new(Kind.String, true), ["objects"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, true),
            ["retained"] = new(Kind.Integer, false),
        },
        ["finalizableDiffRow"] = new()
        {
            ["state"] = new(Kind.String, true), ["type"] = new(Kind.String, true), ["objects"] = new(Kind.Integer, true), ["objects2"] = new(Kind.Integer, true),
            ["deltaObjects"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, true), ["bytes2"] = new(Kind.Integer, true), ["deltaBytes"] = new(Kind.Integer, true),
        },
        ["inspectionDiffRow"] = new()
        {
            ["inspection"] = new(Kind.String, true), ["type"] = new(Kind.String, true), ["count"] = new(Kind.Integer, true), ["count2"] = new(Kind.Integer, true),
            ["deltaCount"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, true), ["bytes2"] = new(Kind.Integer, true), ["deltaBytes"] = new(Kind.Integer, true),
            ["change"] = new(Kind.String, false),
        },
        ["fragmentationRow"] = new()
        {
            ["section"] = new(Kind.String, true), ["generation"] = new(Kind.String, true), ["pinnedBy"] = new(Kind.String, false), ["type"] = new(Kind.String, false),
            ["address"] = new(Kind.String, false), ["count"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, true), ["range"] = new(Kind.Integer, false),
            ["allocated"] = new(Kind.Integer, false), ["freePercent"] = new(Kind.Number, false), ["largest"] = new(Kind.Integer, false),
        },
        ["fragmentationDiffRow"] = new()
        {
            ["section"] = new(Kind.String, true), ["generation"] = new(Kind.String, true), ["pinnedBy"] = new(Kind.String, false), ["type"] = new(Kind.String, false),
            ["count"] = new(Kind.Integer, true), ["count2"] = new(Kind.Integer, true), ["deltaCount"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, true),
            ["bytes2"] = new(Kind.Integer, true), ["deltaBytes"] = new(Kind.Integer, true), ["freePercent"] = new(Kind.Number, false), ["freePercent2"] = new(Kind.Number, false),
        },
        ["moduleRow"] = new()
        {
            ["kind"] = new(Kind.String, true), ["module"] = new(Kind.String, true), ["count"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, false),
            ["path"] = new(Kind.String, false),
        },
        ["moduleDiffRow"] = new()
        {
            ["kind"] = new(Kind.String, true), ["module"] = new(Kind.String, true), ["count"] = new(Kind.Integer, true), ["count2"] = new(Kind.Integer, true),
            ["deltaCount"] = new(Kind.Integer, true), ["bytes"] = new(Kind.Integer, false), ["bytes2"] = new(Kind.Integer, false), ["deltaBytes"] = new(Kind.Integer, false),
            ["change"] = new(Kind.String, false),
        },
        ["error"] = new() { ["exitCode"] = new(Kind.Integer, true), ["message"] = new(Kind.String, true) },
    };

    /// <summary>The row lists a target of each mode has when it has no error.</summary>
    private static readonly Dictionary<string, string[]> s_modeLists = new()
    {
        ["types"] = ["types", "summary", "memoryMap"],
        ["diff"] = ["diff", "diffSummary", "diffMemoryMap"],
        ["strings"] = ["strings"],
        ["stringsDiff"] = ["stringsDiff"],
        ["handles"] = ["handles"],
        ["handlesDiff"] = ["handlesDiff"],
        ["finalizable"] = ["finalizable"],
        ["finalizableDiff"] = ["finalizableDiff"],
        ["inspectionsDiff"] = ["inspectionsDiff"],
        ["fragmentation"] = ["fragmentation"],
        ["fragmentationDiff"] = ["fragmentationDiff"],
        ["modules"] = ["modules"],
        ["modulesDiff"] = ["modulesDiff"],
    };

    /// <summary>Every field name of the schema, for the check that the README documents each of them.</summary>
    public static IEnumerable<string> FieldNames => s_objects.Values.SelectMany(o => o.Keys).Distinct(StringComparer.Ordinal);

    public static void Validate(JsonElement document)
    {
        Check(document, "document", "$");
        Assert.Equal("memanalyzer/1", document.GetProperty("schema").GetString());
        Assert.Contains(document.GetProperty("unit").GetString(), new[] { "Bytes", "KB", "MB", "GB" });
        if (document.TryGetProperty("generation", out var generation))
        {
            Assert.Contains(generation.GetString(), new[] { "gen0", "gen1", "gen2", "loh", "poh", "frozen" });
            Assert.Contains(document.GetProperty("selection").GetString(), new[] { "all", "live", "dead" }.Select(s => $"{s} {generation.GetString()}"));
        }
        else
        {
            Assert.Contains(document.GetProperty("selection").GetString(), new[] { "all", "live", "dead" });
        }
        var mode = document.GetProperty("mode").GetString()!;
        Assert.True(s_modeLists.TryGetValue(mode, out var lists), $"$.mode: '{mode}' is not a mode of the schema");
        foreach (var target in document.GetProperty("targets").EnumerateArray())
        {
            var present = target.EnumerateObject().Select(p => p.Name).Where(n => s_objects["target"][n].Items is { } items && items.EndsWith("Row", StringComparison.Ordinal)).ToList();
            Assert.True(target.TryGetProperty("error", out _) ? present.All(lists!.Contains) : present.Order().SequenceEqual(lists!.Order()),
                $"a target of mode {mode} has the lists [{string.Join(", ", present)}], not [{string.Join(", ", lists!)}]");
        }
    }

    private static void Check(JsonElement value, string type, string path)
    {
        Assert.True(value.ValueKind == JsonValueKind.Object, $"{path}: an object ({type}) expected, not {value.ValueKind}");
        var fields = s_objects[type];
        foreach (var property in value.EnumerateObject())
        {
            Assert.True(fields.TryGetValue(property.Name, out var field), $"{path}.{property.Name}: not a field of {type} in schema memanalyzer/1");
            CheckKind(property.Value, field!, $"{path}.{property.Name}");
        }
        foreach (var (name, _) in fields.Where(f => f.Value.Required))
        {
            Assert.True(value.TryGetProperty(name, out _), $"{path}: the required field {name} of {type} is missing");
        }
    }

    private static void CheckKind(JsonElement value, Field field, string path)
    {
        var ok = field.Kind switch
        {
            Kind.String => value.ValueKind == JsonValueKind.String,
            Kind.Integer => value.ValueKind == JsonValueKind.Number && value.TryGetInt64(out _),
            Kind.Number => value.ValueKind == JsonValueKind.Number,
            Kind.Boolean => value.ValueKind is JsonValueKind.True or JsonValueKind.False,
            Kind.Array => value.ValueKind == JsonValueKind.Array,
            Kind.Object => value.ValueKind == JsonValueKind.Object,
            _ => false,
        };
        Assert.True(ok, $"{path}: {field.Kind} expected, not {value.ValueKind}");
        if (field.Kind == Kind.Array)
        {
            var index = 0;
            foreach (var item in value.EnumerateArray())
            {
                Check(item, field.Items!, $"{path}[{index++}]");
            }
        }
        else if (field.Kind == Kind.Object)
        {
            Check(value, field.Items!, path);
        }
    }
}
