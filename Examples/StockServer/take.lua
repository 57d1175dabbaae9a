-- wrk script for load.sh: each request takes one unit of a random item, POST /items/<id>/take, with the id
-- drawn uniformly from 0..<items. The item count is the script's argument (`wrk ... -s take.lua URL -- 100000`).

local threads = 0
local items = 100000

-- Numbers each thread, so that each draws its own ids.
function setup(thread)
    thread:set("number", threads)
    threads = threads + 1
end

function init(args)
    items = tonumber(args[1]) or items
    math.randomseed(os.time() * 7919 + (number or 0) * 104729)
end

function request()
    return wrk.format("POST", "/items/" .. math.random(0, items - 1) .. "/take")
end
