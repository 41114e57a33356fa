/* spot price feed, test data written for gpurec */
callback({
 "vers": 0.01,
 "config": {
  "rate": "perhr",
  "valueColumns": [
   "linux",
   "mswin"
  ],
  "currencies": [
   "USD"
  ],
  "regions": [
   {
    "region": "us-east",
    "footnotes": {
     "*": "notAvailableForCCorCGPU"
    },
    "instanceTypes": [
     {
      "type": "gpuCurrentGen",
      "sizes": [
       {
        "size": "g5.xlarge",
        "valueColumns": [
         {
          "name": "linux",
          "prices": {
           "USD": "0.4231"
          }
         },
         {
          "name": "mswin",
          "prices": {
           "USD": "0.6071"
          }
         }
        ]
       },
       {
        "size": "p5.48xlarge",
        "valueColumns": [
         {
          "name": "linux",
          "prices": {
           "USD": "N/A*"
          }
         }
        ]
       }
      ]
     },
     {
      "type": "generalCurrentGen",
      "sizes": [
       {
        "size": "m5.large",
        "valueColumns": [
         {
          "name": "linux",
          "prices": {
           "USD": "0.0371"
          }
         }
        ]
       }
      ]
     }
    ]
   },
   {
    "region": "us-west-2",
    "footnotes": {},
    "instanceTypes": [
     {
      "type": "gpuCurrentGen",
      "sizes": [
       {
        "size": "g5.xlarge",
        "valueColumns": [
         {
          "name": "linux",
          "prices": {
           "USD": "0.3900"
          }
         }
        ]
       },
       {
        "size": "p5.48xlarge",
        "valueColumns": [
         {
          "name": "linux",
          "prices": {
           "USD": "21.7700"
          }
         }
        ]
       }
      ]
     }
    ]
   },
   {
    "region": "eu-ireland",
    "footnotes": {},
    "instanceTypes": [
     {
      "type": "gpuCurrentGen",
      "sizes": [
       {
        "size": "g5.xlarge",
        "valueColumns": [
         {
          "name": "linux",
          "prices": {
           "USD": "0.4400"
          }
         }
        ]
       }
      ]
     }
    ]
   }
  ]
 }
});
